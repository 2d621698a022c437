/**
 * Valid bodies for routes whose schema has cross-field rules the generator cannot satisfy
 * (a scan summary's totals must add up). Every other route's valid body is sampled from
 * its schema; when sampling fails the probe says to add an example here.
 */
import { buildSummary } from "../../../domain/testing/build-summary";

export interface ExampleContext {
  userId: number;
}

export const EXAMPLE_BODIES: Record<string, (ctx: ExampleContext) => unknown> = {
  "POST /api/real-data/scan": ({ userId }) => ({ userId, summary: buildSummary() }),
};
