/** What the trash commands (apply, undo, clean) share: parsing, the root check, printing outcomes. */
import { statSync } from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "../args";
import { displayPath, formatBinaryBytes as formatBytes, plural } from "../format";
import type { CliIo } from "../main";

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export function parseCommand<T extends NonNullable<ParseArgsConfig["options"]>>(argv: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Null when `dir` is a directory; else the one-line error. */
export function rootProblem(dir: string): string | null {
  try {
    return statSync(dir).isDirectory() ? null : `Not a directory: ${dir}`;
  } catch {
    return `No such directory: ${dir}`;
  }
}

export function printOutcomes(io: CliIo, title: string, list: readonly { path: string; reason: string }[]): void {
  if (list.length === 0) return;
  io.stdout.write(`${title}:\n`);
  for (const { path, reason } of list) io.stdout.write(`  ${displayPath(path)} — ${reason}\n`);
}

export function summaryLine(verb: string, count: number, bytes: number): string {
  return `${verb} ${plural(count, "file")} (${formatBytes(bytes)})`;
}

export async function runUsage(io: CliIo, usage: string, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`cleanspace: ${error.message}\n\n${usage}`);
    return EXIT_USAGE;
  }
}

/** " (another name of X)" for a hard link acted on with the planned copy. */
export function nameOfNote(entry: { nameOf?: string }): string {
  return entry.nameOf === undefined ? "" : `  (another name of ${displayPath(entry.nameOf)}: a hard link)`;
}

/** What an interrupted earlier run left and this one removed. */
export function printTidied(io: CliIo, tidied: readonly string[]): void {
  if (tidied.length === 0) return;
  io.stdout.write("Removed what an interrupted earlier run left (nothing of its own in it):\n");
  for (const path of tidied) io.stdout.write(`  ${displayPath(path)}\n`);
}
