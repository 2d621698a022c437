/**
 * buildApp(options) → a ready Fastify instance, never listening. Tests drive it through
 * app.inject; main.ts listens. Routes stay thin: guard → validate → own-user → domain → presenter.
 */
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { registerSessionLookup } from "./auth/guard";
import type { Database, Db } from "./db/client";
import { seedTips } from "./db/seed";
import { allowedOrigins, type Env } from "./env";
import { registerErrorHandling } from "./plugins/errors";
import { registerJsonBody } from "./plugins/json-body";
import { registerOriginCheck } from "./plugins/origin-check";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { registerStaticApp } from "./plugins/static-app";
import { authRoutes } from "./routes/auth";
import { cleanupEventRoutes } from "./routes/cleanup-events";
import { digitalDataRoutes } from "./routes/digital-data";
import { preferencesRoutes } from "./routes/preferences";
import { settingsRoutes } from "./routes/settings";
import { streakRoutes } from "./routes/streaks";
import { emailSignupRoutes } from "./routes/email-signups";
import { healthRoutes } from "./routes/health";
import { stripeWebhookRoutes } from "./routes/stripe-webhook";
import { subscriptionRoutes } from "./routes/subscriptions";
import { testOutboxRoutes } from "./routes/test-outbox";
import { tipRoutes } from "./routes/tips";
import { userRoutes } from "./routes/users";
import { createMailer, type Mailer } from "./services/mail";
import { createDbRateLimiter, rateLimitStoreFor, tooManyRequests, type RateLimiter } from "./services/rate-limit";

export interface Limits {
  register: number;
  loginPerIp: number;
  loginPerAccount: number;
  reset: number;
  resetPerAccount: number;
}

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    db: Db;
    env: Env;
    mail: Mailer;
    limiter: RateLimiter;
    limits: Limits;
  }
}

export interface BuildAppOptions {
  database: Database;
  env: Env;
  /** Directory of the built client; omitted in API tests. */
  clientDir?: string | undefined;
  logger?: boolean | { level: string };
}

/** Largest accepted request body: generous for scan summaries, small enough to refuse abuse. */
export const BODY_LIMIT_BYTES = 256 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("env", env);
  const mailer = await createMailer({ db: database.db, log: app.log, smtpUrl: env.SMTP_URL, from: env.SUPPORT_EMAIL });
  app.decorate("mail", mailer);
  app.addHook("onClose", async () => mailer.close());
  const limiter = createDbRateLimiter(database.db);
  app.decorate("limiter", limiter);
  const m = env.RATE_LIMIT_MULTIPLIER;
  app.decorate("limits", { register: 10 * m, loginPerIp: 30 * m, loginPerAccount: 10 * m, reset: 5 * m, resetPerAccount: 3 * m });

  registerErrorHandling(app);
  registerJsonBody(app);
  registerSecurityHeaders(app, env.NODE_ENV === "production");
  await app.register(cookie);
  registerOriginCheck(app, allowedOrigins(env));
  registerSessionLookup(app);

  // Route-level `config.rateLimit` limits share the database counters and the multiplier.
  app.addHook("onRoute", (route) => {
    const rl = route.config?.rateLimit;
    // A copy, never an in-place change: route configs may be module constants shared by apps.
    if (rl && typeof rl === "object" && typeof rl.max === "number") route.config = { ...route.config, rateLimit: { ...rl, max: rl.max * m } };
  });
  await app.register(rateLimit, {
    global: false,
    // The plugin's typings describe child() with route options; at runtime it passes them as `routeInfo`.
    store: rateLimitStoreFor(limiter) as never,
    errorResponseBuilder: (_request, context) => tooManyRequests(new Date(Date.now() + context.ttl)),
  });

  await seedTips(database.db);

  await app.register(healthRoutes);
  await app.register(tipRoutes);
  await app.register(userRoutes);
  await app.register(authRoutes);
  await app.register(emailSignupRoutes);
  await app.register(subscriptionRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(digitalDataRoutes);
  await app.register(streakRoutes);
  await app.register(cleanupEventRoutes);
  await app.register(settingsRoutes);
  await app.register(preferencesRoutes);
  await app.register((await import("./routes/filter-presets")).filterPresetRoutes);
  if (env.NODE_ENV === "test") await app.register(testOutboxRoutes);
  await app.register((await import("./routes/insights")).insightsRoutes);
  await app.register((await import("./routes/export")).exportRoutes);
  if (env.NODE_ENV === "test") await app.register((await import("./routes/test-seed")).testSeedRoutes);

  await registerStaticApp(app, options.clientDir);
  await app.ready();
  return app;
}
