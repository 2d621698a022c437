/** Reads the top-level keys of a zod body schema (through optional/nullable/default/pipe wrappers). */
import type { ZodType } from "zod";

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  options?: unknown[];
}
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

export function topLevelKeys(schema: ZodType | undefined): string[] {
  let node: unknown = schema;
  for (let i = 0; node && i < 10; i++) {
    const def = defOf(node);
    if (def.type === "object") return Object.keys(def.shape ?? {});
    if (def.type === "union") return [...new Set((def.options ?? []).flatMap((o) => topLevelKeys(o as ZodType)))];
    node = def.innerType ?? def.in;
  }
  return [];
}
