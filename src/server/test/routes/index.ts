/**
 * The routes only the test build serves: reading the outbox as an inbox, backdating a history.
 * Imported by test/main.ts (the server the browser suites start) and the API test app, never
 * by main.ts, so `npm start`'s bundle does not contain them at all.
 */
import type { FastifyPluginAsync } from "fastify";
import { testOutboxRoutes } from "./outbox";
import { testSeedRoutes } from "./seed";

export const TEST_ROUTES: FastifyPluginAsync[] = [testOutboxRoutes as FastifyPluginAsync, testSeedRoutes as FastifyPluginAsync];
