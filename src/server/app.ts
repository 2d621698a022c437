/**
 * buildApp(options) → a ready Fastify instance, never listening. Tests drive it through
 * app.inject; main.ts listens. Routes stay thin: guard → validate → own-user → domain → presenter.
 */
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { MAX_CLEANUP_EVENTS_PER_DAY, MAX_SNAPSHOTS_PER_DAY } from "../domain/limits";
import { registerSessionLookup } from "./auth/guard";
import type { Database, Db } from "./db/client";
import { seedTips } from "./db/seed";
import { cookiePolicy, type CookiePolicy } from "./auth/sessions";
import { allowedOrigins, servesHttps, trustProxyOption, type Env } from "./env";
import { registerNoStore } from "./plugins/no-store";
import { loggerOptions } from "./plugins/safe-logging";
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
import { emailChangeRoutes } from "./routes/email-change";
import { emailSignupRoutes } from "./routes/email-signups";
import { healthRoutes } from "./routes/health";
import { stripeWebhookRoutes } from "./routes/stripe-webhook";
import { subscriptionRoutes } from "./routes/subscriptions";
import { tipRoutes } from "./routes/tips";
import { userRoutes } from "./routes/users";
import { MailConnections } from "./email/connections";
import { createMailer, type Mailer } from "./services/mail";
import { createAccountThrottle, type AccountThrottle } from "./services/account-throttle";
import { clientKey } from "./services/client-key";
import { createDbRateLimiter, rateLimitStoreFor, tooManyRequests, type RateLimiter } from "./services/rate-limit";

export interface Limits {
  register: number;
  /** Sign-in attempts (right or wrong) per client: bounds the Argon2 work one client causes. */
  loginPerIp: number;
  reset: number;
  /** Password checks by a signed-in user (password change, account deletion) per client. */
  passwordCheckPerIp: number;
  /** Per-user quotas: rows a day, heavy reads an hour. */
  snapshotsPerDay: number;
  scansPerDay: number;
  cleanupEventsPerDay: number;
  insightsPerHour: number;
  exportsPerHour: number;
}

/** Failure-only throttles per account (services/account-throttle.ts). */
export interface Throttles {
  login: AccountThrottle;
  reset: AccountThrottle;
  /** Re-entered passwords of a signed-in user (password change, e-mail change, deletion). */
  reauth: AccountThrottle;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    db: Db;
    env: Env;
    mail: Mailer;
    /** Open IMAP connections, one per user (routes/email.ts; closed on account deletion too). */
    mailboxes: MailConnections;
    limiter: RateLimiter;
    limits: Limits;
    throttles: Throttles;
    sessionCookie: CookiePolicy;
  }
  interface FastifyRequest {
    /** The client's address as limits count it (services/client-key.ts). */
    readonly client: string;
  }
}

export interface BuildAppOptions {
  database: Database;
  env: Env;
  /** Directory of the built client; omitted in API tests. */
  clientDir?: string | undefined;
  logger?: boolean | { level: string };
  /**
   * Routes only the test build registers (src/server/test/routes/): the production bundle,
   * built from main.ts, never imports them.
   */
  extraRoutes?: FastifyPluginAsync[];
}

/** Largest accepted request body: generous for scan summaries, small enough to refuse abuse. */
export const BODY_LIMIT_BYTES = 256 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.logger) : false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the configured proxy may name the client; by default the socket peer is the client.
    trustProxy: trustProxyOption(env.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.decorateRequest("client", {
    getter(this: { ip: string }) {
      return clientKey(this.ip);
    },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("env", env);
  const mailer = await createMailer({ db: database.db, log: app.log, smtpUrl: env.SMTP_URL, from: env.SUPPORT_EMAIL });
  app.decorate("mail", mailer);
  app.addHook("onClose", async () => mailer.close());
  const mailboxes = new MailConnections(env.IMAP_MAX_CONNECTIONS, env.IMAP_IDLE_SECONDS * 1000);
  app.decorate("mailboxes", mailboxes);
  app.addHook("onClose", async () => mailboxes.closeAll());
  const limiter = createDbRateLimiter(database.db);
  app.decorate("limiter", limiter);
  const m = env.RATE_LIMIT_MULTIPLIER;
  app.decorate("limits", {
    register: 10 * m,
    loginPerIp: 30 * m,
    reset: 5 * m,
    passwordCheckPerIp: 20 * m,
    snapshotsPerDay: MAX_SNAPSHOTS_PER_DAY * m,
    scansPerDay: 4 * MAX_SNAPSHOTS_PER_DAY * m,
    cleanupEventsPerDay: MAX_CLEANUP_EVENTS_PER_DAY * m,
    insightsPerHour: 300 * m,
    exportsPerHour: 20 * m,
  });
  app.decorate("throttles", {
    login: createAccountThrottle(limiter, "login", {
      perClient: 10 * m,
      windowMs: 15 * MINUTE,
      perAccount: 100 * m,
      accountWindowMs: HOUR,
    }),
    reset: createAccountThrottle(limiter, "reset", { perClient: 3 * m, windowMs: HOUR, perAccount: 10 * m, accountWindowMs: HOUR }),
    reauth: createAccountThrottle(limiter, "reauth", {
      perClient: 5 * m,
      windowMs: 15 * MINUTE,
      perAccount: 20 * m,
      accountWindowMs: HOUR,
    }),
  });
  const https = servesHttps(env);
  app.decorate("sessionCookie", cookiePolicy(https));

  registerErrorHandling(app);
  registerJsonBody(app);
  registerSecurityHeaders(app, https);
  registerNoStore(app);
  await app.register(cookie);
  registerOriginCheck(app, allowedOrigins(env));
  registerSessionLookup(app);

  // Route-level `config.rateLimit` limits share the database counters and the multiplier.
  app.addHook("onRoute", (route) => {
    const rl = route.config?.rateLimit;
    // A copy, never an in-place change: route configs may be module constants shared by apps.
    if (rl && typeof rl === "object" && typeof rl.max === "number")
      route.config = { ...route.config, rateLimit: { ...rl, max: rl.max * m } };
  });
  await app.register(rateLimit, {
    global: false,
    // The plugin's typings describe child() with route options; at runtime it passes them as `routeInfo`.
    store: rateLimitStoreFor(limiter) as never,
    keyGenerator: (request) => request.client,
    errorResponseBuilder: (_request, context) => tooManyRequests(new Date(Date.now() + context.ttl)),
  });

  await seedTips(database.db);

  await app.register(healthRoutes);
  await app.register(tipRoutes);
  await app.register(userRoutes);
  await app.register(authRoutes);
  await app.register(emailChangeRoutes);
  await app.register(emailSignupRoutes);
  await app.register(subscriptionRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register((await import("./routes/billing")).billingRoutes);
  await app.register(digitalDataRoutes);
  await app.register(streakRoutes);
  await app.register(cleanupEventRoutes);
  await app.register(settingsRoutes);
  await app.register(preferencesRoutes);
  await app.register((await import("./routes/filter-presets")).filterPresetRoutes);
  await app.register((await import("./routes/insights")).insightsRoutes);
  await app.register((await import("./routes/export")).exportRoutes);
  await app.register((await import("./routes/email")).emailRoutes);
  await app.register((await import("./routes/email-oauth")).emailOAuthRoutes);
  for (const routes of options.extraRoutes ?? []) await app.register(routes);

  await registerStaticApp(app, options.clientDir);
  await app.ready();
  return app;
}
