/**
 * Vitest global setup: one migrated database per run, which every test file starts from. On
 * PGlite a dump of it (openTestDatabase loads it); against PostgreSQL (DATABASE_URL set) a
 * template database each file's scratch database is copied from, dropped when the run ends.
 */
import type { TestProject } from "vitest/node";
import { ensurePgliteTemplate } from "./pglite-template";
import { createPostgresTemplate } from "./postgres-template";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The template database's name, or "" on PGlite. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    project.provide("pgliteTemplate", await ensurePgliteTemplate());
    project.provide("postgresTemplate", "");
    return;
  }
  const template = await createPostgresTemplate(baseUrl);
  project.provide("pgliteTemplate", "");
  project.provide("postgresTemplate", template.name);
  return () => template.drop();
}
