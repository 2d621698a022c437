/**
 * Start-up configuration, validated once. A bad value stops the server with a list of the
 * offending keys instead of failing later in a request.
 */
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL").optional(),
  ),
  APP_ORIGIN: optionalString,
  SUPPORT_EMAIL: z.email().default("support@cleanspace.app"),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, "must be an smtp:// URL").optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_YEARLY: optionalString,
  STRIPE_LIFETIME_AMOUNT: z.coerce.number().int().positive().default(7999),
  STRIPE_API_BASE: optionalString,
  /**
   * Key of the HMAC kept of every address that had a free trial (decision 011). Unset: a
   * random key is generated once and stored in the database. At least 32 characters.
   */
  TRIAL_EMAIL_HMAC_KEY: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  REDIS_URL: optionalString,
  /** Scales every rate limit (browser suites raise it: all their requests come from one IP). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

/** Parses the environment, or throws an EnvError naming every bad key. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (env.STRIPE_SECRET_KEY && (!env.STRIPE_PRICE_MONTHLY || !env.STRIPE_PRICE_YEARLY)) {
    throw new EnvError(
      "Invalid configuration:\n  STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY: required when STRIPE_SECRET_KEY is set",
    );
  }
  return env;
}

/** The origins allowed to make state-changing requests, or null to trust the request's host. */
export function allowedOrigins(env: Pick<Env, "APP_ORIGIN">): string[] | null {
  if (!env.APP_ORIGIN) return null;
  return env.APP_ORIGIN.split(",").map((o) => o.trim().replace(/\/$/, ""));
}

/** Absolute origin for links in mail and Stripe return URLs (agreed with the sec branch). */
export function appOrigin(env: Pick<Env, "APP_ORIGIN" | "PORT">): string {
  const first = env.APP_ORIGIN?.split(",")[0]?.trim().replace(/\/$/, "");
  return first || `http://localhost:${env.PORT}`;
}
