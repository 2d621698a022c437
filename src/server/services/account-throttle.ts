/**
 * Password guessing limits that an attacker cannot turn against the account's owner.
 * Only failures count, never a correct password. Two counters:
 *  - per account and client (IP, or IPv6 /64): a guesser from one place stops soon;
 *  - per account from everywhere, higher: a botnet spreading guesses stops too, but a
 *    client that signed in to this account successfully in the last 30 days is not held
 *    by it, so the owner's own devices still get in while the account is under attack.
 * The per-IP limit on all attempts (Argon2 work) sits in front of this, in the route.
 */
import { refuseAtLimit, type RateLimiter } from "./rate-limit";

export interface ThrottleLimits {
  /** Failures per account and client in `windowMs`. */
  perClient: number;
  /** Failures per account from all clients in `accountWindowMs`. */
  perAccount: number;
  windowMs: number;
  accountWindowMs: number;
}

export const KNOWN_CLIENT_MS = 30 * 24 * 3600_000;

export interface AccountThrottle {
  /** 429 when this client may not try this account now. */
  check(account: string, client: string): Promise<void>;
  /** Counts a failed attempt (or, for reset requests, any request). */
  fail(account: string, client: string): Promise<void>;
  /** A correct password: this client's failures end and it becomes a known client. */
  succeed(account: string, client: string): Promise<void>;
}

export function createAccountThrottle(limiter: RateLimiter, scope: string, limits: ThrottleLimits): AccountThrottle {
  const clientKey = (account: string, client: string) => `${scope}:fail:${account}|${client}`;
  const accountKey = (account: string) => `${scope}:fail:${account}`;
  const knownKey = (account: string, client: string) => `known:${account}|${client}`;
  return {
    async check(account, client) {
      await refuseAtLimit(limiter, clientKey(account, client), limits.perClient);
      if ((await limiter.peek(knownKey(account, client))).count > 0) return;
      await refuseAtLimit(limiter, accountKey(account), limits.perAccount);
    },
    async fail(account, client) {
      await limiter.hit(clientKey(account, client), limits.windowMs);
      await limiter.hit(accountKey(account), limits.accountWindowMs);
    },
    async succeed(account, client) {
      await limiter.clear(clientKey(account, client));
      await limiter.hit(knownKey(account, client), KNOWN_CLIENT_MS);
    },
  };
}
