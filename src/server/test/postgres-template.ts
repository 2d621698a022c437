/**
 * One migrated PostgreSQL database per test run, against the server DATABASE_URL names: each
 * test file's scratch database is `create database … template` of it, a file copy, instead
 * of an empty database that runs every migration again.
 *
 * Invariant: nothing stays connected to the template once it is made, because PostgreSQL
 * refuses to copy a database that has other sessions.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../db/client";

export interface PostgresTemplate {
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createPostgresTemplate(baseUrl: string): Promise<PostgresTemplate> {
  const name = `cs_template_${randomBytes(6).toString("hex")}`;
  await admin(baseUrl, (c) => c.query(`create database ${name}`));
  const database = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, name) });
  await database.close();
  return {
    name,
    drop: () => admin(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** A new database for one test file: a copy of the run's template when there is one, else empty (migrated on open). */
export async function createScratchDatabase(baseUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cs_test_${randomBytes(6).toString("hex")}`;
  await admin(baseUrl, (c) => c.query(template ? `create database ${name} template ${template}` : `create database ${name}`));
  return {
    url: databaseUrlFor(baseUrl, name),
    drop: () => admin(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
