/**
 * Start-up configuration, validated once. A bad value stops the server with a list of the
 * offending keys instead of failing later in a request.
 *
 * Nothing security-relevant reads NODE_ENV: absolute URLs, Secure cookies and
 * HSTS follow APP_ORIGIN; which proxy is believed follows TRUST_PROXY.
 */
import { isIP } from "node:net";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

/**
 * An OAuth endpoint: https, or plain http to a loopback address only (a local stand-in in
 * tests); a client secret or an authorization code never crosses a network in the clear.
 */
const oauthUrl = (fallback: string) =>
  optionalString.pipe(
    z
      .string()
      .refine((v) => isOAuthEndpoint(v), "must be an https:// URL (http:// only for 127.0.0.1, [::1] or localhost)")
      .default(fallback),
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
  ),
  APP_ORIGIN: optionalString.pipe(
    z
      .string()
      .refine((v) => v.split(",").every((o) => isOrigin(o.trim())), "must be comma-separated http(s)://host[:port] origins, without a path")
      .optional(),
  ),
  /**
   * Which peers may tell us the client's address (X-Forwarded-For/-Host/-Proto): empty trusts
   * none (the socket peer is the client), a number trusts that many proxy hops, otherwise a
   * comma-separated list of proxy addresses or CIDR ranges. Never "true": that lets every
   * client pick its own IP and so bypass every per-IP limit.
   */
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .refine(
        (v) => parseTrustProxy(v) !== null,
        "must be a hop count (1-10) or a comma-separated list of proxy IP addresses / CIDR ranges",
      )
      .optional(),
  ),
  SUPPORT_EMAIL: z.email().default("support@cleanspace.app"),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// URL")
      .optional(),
  ),
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
  /**
   * Key that seals a mailbox password kept for "stay connected" (AES-256-GCM). Unset:
   * passwords are never kept and the option is not offered. At least 32 characters.
   */
  IMAP_SECRET_KEY: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  /**
   * Hosts or addresses the server may reach although they are private or loopback (the SSRF
   * guard's exceptions), comma-separated. For tests against a local Dovecot; leave empty.
   */
  IMAP_ALLOW_HOSTS: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.:[\], -]+$/, "must be comma-separated host names or IP addresses")
      .optional(),
  ),
  /** A PEM file of extra CA certificates to trust for IMAP/unsubscribe TLS (a test CA). */
  IMAP_CA_FILE: optionalString,
  IMAP_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** An open mailbox connection is closed after this long unused. */
  IMAP_IDLE_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** Open mailbox connections the whole server allows (one per user). */
  IMAP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(10_000).default(200),
  /**
   * OAuth (XOAUTH2) sign-in for the Gmail and Outlook buttons (decision 023). Each provider is
   * on when its client id and secret are both set; the endpoints and IMAP server default to
   * the provider's own and are settable so tests can point them at a local stand-in.
   */
  GMAIL_OAUTH_CLIENT_ID: optionalString,
  GMAIL_OAUTH_CLIENT_SECRET: optionalString,
  GMAIL_OAUTH_AUTHORIZE_URL: oauthUrl("https://accounts.google.com/o/oauth2/v2/auth"),
  GMAIL_OAUTH_TOKEN_URL: oauthUrl("https://oauth2.googleapis.com/token"),
  GMAIL_OAUTH_IMAP_HOST: z.string().trim().min(1).default("imap.gmail.com"),
  GMAIL_OAUTH_IMAP_PORT: z.coerce.number().int().min(1).max(65535).default(993),
  OUTLOOK_OAUTH_CLIENT_ID: optionalString,
  OUTLOOK_OAUTH_CLIENT_SECRET: optionalString,
  OUTLOOK_OAUTH_AUTHORIZE_URL: oauthUrl("https://login.microsoftonline.com/common/oauth2/v2.0/authorize"),
  OUTLOOK_OAUTH_TOKEN_URL: oauthUrl("https://login.microsoftonline.com/common/oauth2/v2.0/token"),
  OUTLOOK_OAUTH_IMAP_HOST: z.string().trim().min(1).default("outlook.office365.com"),
  OUTLOOK_OAUTH_IMAP_PORT: z.coerce.number().int().min(1).max(65535).default(993),
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
  for (const p of ["GMAIL", "OUTLOOK"] as const) {
    if (Boolean(env[`${p}_OAUTH_CLIENT_ID`]) !== Boolean(env[`${p}_OAUTH_CLIENT_SECRET`]))
      throw new EnvError(`Invalid configuration:\n  ${p}_OAUTH_CLIENT_ID, ${p}_OAUTH_CLIENT_SECRET: set both or neither`);
  }
  if (env.STRIPE_SECRET_KEY && (!env.STRIPE_PRICE_MONTHLY || !env.STRIPE_PRICE_YEARLY)) {
    throw new EnvError("Invalid configuration:\n  STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY: required when STRIPE_SECRET_KEY is set");
  }
  return env;
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    // An explicit default port (http://host:80) is the same origin; anything past the origin is not.
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.pathname === "/" &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

function isOAuthEndpoint(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password || url.hash) return false;
    if (url.protocol === "https:") return true;
    return url.protocol === "http:" && ["127.0.0.1", "[::1]", "localhost"].includes(url.hostname);
  } catch {
    return false;
  }
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: false (trust nobody), a hop count, or the
 * list of proxy addresses. Null when the value is not valid.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | null {
  if (value === undefined || value === "") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? hops : hops === 0 ? false : null;
  }
  const entries = value.split(",").map((e) => e.trim());
  return entries.every(isAddressOrRange) ? entries : null;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY: nobody, the N nearest hops (as proxy-addr counts
 * them: hop 0 is the socket peer), or the listed proxies.
 */
export function trustProxyOption(value: string | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  const parsed = parseTrustProxy(value);
  if (parsed === null || parsed === false) return false;
  if (typeof parsed === "number") return (_address, hop) => hop < parsed;
  return parsed;
}

/** The origins allowed to make state-changing requests, or null to trust the request's host. */
export function allowedOrigins(env: Pick<Env, "APP_ORIGIN">): string[] | null {
  if (!env.APP_ORIGIN) return null;
  // Normalised as browsers send Origin: no default port, no trailing slash.
  return env.APP_ORIGIN.split(",").map((o) => new URL(o.trim()).origin);
}

/**
 * The origin every absolute URL (mail links, payment return URLs) is built on: the first
 * APP_ORIGIN, else http://localhost:PORT. Never the request's Host or X-Forwarded-* headers,
 * which the client chooses.
 */
export function appOrigin(env: Pick<Env, "APP_ORIGIN" | "PORT">): string {
  return allowedOrigins(env)?.[0] ?? `http://localhost:${env.PORT}`;
}

/** The public origin is https: Secure `__Host-` cookies and HSTS. */
export function servesHttps(env: Pick<Env, "APP_ORIGIN" | "PORT">): boolean {
  return appOrigin(env).startsWith("https://");
}
