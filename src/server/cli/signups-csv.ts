/**
 * The early-access list as CSV for the newsletter service's import (privacy policy: the
 * list is exported to it). RFC 4180 quoting, one header row, one line per address.
 */
import { asc } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailSignups } from "../db/schema";

export const SIGNUP_CSV_HEADER = ["email", "source", "tags", "created_at"] as const;

export interface SignupRow {
  email: string;
  source: string;
  tags: string[];
  createdAt: Date;
}

/** Quotes a field only when it must: it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(fields: readonly string[]): string {
  return fields.map(csvField).join(",");
}

/** Tags share one column, comma-separated (quoted), as newsletter imports expect. */
export function signupsToCsv(rows: readonly SignupRow[]): string {
  const lines = [csvLine(SIGNUP_CSV_HEADER)];
  for (const r of rows) lines.push(csvLine([r.email, r.source, r.tags.join(","), r.createdAt.toISOString()]));
  return `${lines.join("\n")}\n`;
}

export async function readSignups(db: Db): Promise<SignupRow[]> {
  return db
    .select({ email: emailSignups.email, source: emailSignups.source, tags: emailSignups.tags, createdAt: emailSignups.createdAt })
    .from(emailSignups)
    .orderBy(asc(emailSignups.createdAt), asc(emailSignups.id));
}
