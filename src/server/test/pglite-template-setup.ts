/**
 * Vitest global setup: makes (or finds) the migrated PGlite template once per run and hands
 * its path to the test files (openTestDatabase). Against PostgreSQL (DATABASE_URL set) each
 * file gets its own database instead, and nothing is made here.
 */
import type { TestProject } from "vitest/node";
import { ensurePgliteTemplate } from "./pglite-template";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide("pgliteTemplate", process.env.DATABASE_URL ? "" : await ensurePgliteTemplate());
}
