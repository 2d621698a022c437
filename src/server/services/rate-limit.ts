/**
 * Fixed-window rate limits whose counters live in the database, so every app process
 * behind a load balancer shares them (ARCHITECTURE.md principle 5). Used two ways: as the
 * store of @fastify/rate-limit (route option `config.rateLimit`), and directly for limits
 * the plugin can't express (login per account).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { HttpError } from "../plugins/errors";

export interface Hit {
  count: number;
  resetAt: Date;
}

export interface RateLimiter {
  /** Counts one event under `key` in a fixed window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The count in `key`'s current window, without counting (0 once the window is over). */
  peek(key: string): Promise<Hit>;
  /** Forgets `key` (a successful sign-in ends that client's run of failures). */
  clear(key: string): Promise<void>;
  /**
   * Takes back one event counted by `hit` (a reserved attempt that turned out not to count),
   * only in the window that `hit` answered: a window that has ended since is left alone.
   */
  release(key: string, hit: Hit): Promise<void>;
}

export function createDbRateLimiter(db: Db): RateLimiter {
  let calls = 0;
  return {
    async hit(key, windowMs) {
      const window = `${Math.max(1, Math.round(windowMs))} milliseconds`;
      const result = await db.execute(sql`
        insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + ${window}::interval)
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then now() + ${window}::interval else rate_limits.reset_at end
        returning count, reset_at`);
      // Ended windows are swept now and then (the retention job does it too): they hold addresses.
      if (++calls % 500 === 0) await db.execute(sql`delete from rate_limits where reset_at <= now()`);
      const row = (result as unknown as { rows: { count: number; reset_at: string | Date }[] }).rows[0]!;
      return { count: Number(row.count), resetAt: new Date(row.reset_at) };
    },
    async peek(key) {
      const result = await db.execute(sql`select count, reset_at from rate_limits where key = ${key} and reset_at > now()`);
      const row = (result as unknown as { rows: { count: number; reset_at: string | Date }[] }).rows[0];
      return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : { count: 0, resetAt: new Date() };
    },
    async clear(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    async release(key, hit) {
      // Windows are at least minutes long, so a reset time within a second of the one `hit`
      // answered is that window; a newer window ends later.
      const sameWindowUntil = new Date(hit.resetAt.getTime() + 1000).toISOString();
      await db.execute(sql`
        update rate_limits set count = greatest(count - 1, 0)
        where key = ${key} and reset_at > now() and reset_at <= ${sameWindowUntil}::timestamptz`);
    },
  };
}

export function tooManyRequests(resetAt: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new HttpError(429, `Too many attempts. Please try again in ${seconds} seconds.`, { "retry-after": String(seconds) });
}

/** Counts one attempt against `key`; throws a 429 with Retry-After past `max`. */
export async function enforceLimit(limiter: RateLimiter, key: string, max: number, windowMs: number): Promise<void> {
  const hit = await limiter.hit(key, windowMs);
  if (hit.count > max) throw tooManyRequests(hit.resetAt);
}

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** A store class in the shape @fastify/rate-limit constructs (`new Store(options)`). */
export function rateLimitStoreFor(limiter: RateLimiter) {
  return class DbRateLimitStore {
    readonly prefix: string;
    constructor(options?: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const info = options?.routeInfo;
      this.prefix = info?.url ? `${[info.method].flat().join(",")} ${info.url}|` : "global|";
    }
    incr(key: string, cb: Callback, timeWindow: number): void {
      limiter.hit(this.prefix + key, timeWindow).then(
        (h) => cb(null, { current: h.count, ttl: Math.max(0, h.resetAt.getTime() - Date.now()) }),
        (err: Error) => cb(err),
      );
    }
    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      return new DbRateLimitStore(routeOptions);
    }
  };
}
