/**
 * The early-access list as CSV for the newsletter service's import (privacy policy: the
 * list is exported to it). One header row, one line per address, by the one CSV writer.
 */
import { asc } from "drizzle-orm";
import { toCsv } from "../../domain/csv";
import type { Db } from "../db/client";
import { emailSignups } from "../db/schema";

export const SIGNUP_CSV_HEADER = ["email", "source", "tags", "created_at"] as const;

export interface SignupRow {
  email: string;
  source: string;
  tags: string[];
  createdAt: Date;
}

/** Tags share one column, comma-separated (quoted), as newsletter imports expect. */
export function signupsToCsv(rows: readonly SignupRow[]): string {
  return toCsv(
    SIGNUP_CSV_HEADER,
    rows.map((r) => [r.email, r.source, r.tags.join(","), r.createdAt.toISOString()]),
  );
}

export async function readSignups(db: Db): Promise<SignupRow[]> {
  return db
    .select({ email: emailSignups.email, source: emailSignups.source, tags: emailSignups.tags, createdAt: emailSignups.createdAt })
    .from(emailSignups)
    .orderBy(asc(emailSignups.createdAt), asc(emailSignups.id));
}
