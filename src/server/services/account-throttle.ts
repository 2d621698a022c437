/**
 * Password guessing limits that an attacker cannot turn against the account's owner.
 * Only failures count, never a correct password. Two counters:
 *  - per account and client (IP, or IPv6 /64): a guesser from one place stops soon;
 *  - per account from everywhere, higher: a botnet spreading guesses stops too, but a
 *    client that signed in to this account successfully in the last 30 days is not held
 *    by it, so the owner's own devices still get in while the account is under attack.
 * The per-IP limit on all attempts (Argon2 work) sits in front of this, in the route.
 *
 * Invariant: an attempt is counted as a failure *before* the password is checked (an atomic
 * increment, `reserve`) and taken back when it was right (`release`, `succeed`). A peek before
 * the check and a count after it let every request in flight at once through the cap
 * (issue 39 #3); a reservation cannot be overtaken, however many requests run together.
 */
import { tooManyRequests, type Hit, type RateLimiter } from "./rate-limit";

export interface ThrottleLimits {
  /** Failures per account and client in `windowMs`. */
  perClient: number;
  /** Failures per account from all clients in `accountWindowMs`. */
  perAccount: number;
  windowMs: number;
  accountWindowMs: number;
}

export const KNOWN_CLIENT_MS = 30 * 24 * 3600_000;

/** One reserved attempt: counted as a failure until the password turns out right. */
export interface Attempt {
  /** The password was right: the reserved failure is taken back. */
  release(): Promise<void>;
  /** A correct sign-in: taken back, this client's failures end and it becomes a known client. */
  succeed(): Promise<void>;
}

export interface AccountThrottle {
  /**
   * Counts this attempt against both caps before the password is checked; a 429 when either
   * is already full (and then nothing stays counted for the per-account cap).
   */
  reserve(account: string, client: string): Promise<Attempt>;
}

export function createAccountThrottle(limiter: RateLimiter, scope: string, limits: ThrottleLimits): AccountThrottle {
  const clientKey = (account: string, client: string) => `${scope}:fail:${account}|${client}`;
  const accountKey = (account: string) => `${scope}:fail:${account}`;
  const knownKey = (account: string, client: string) => `known:${account}|${client}`;
  return {
    async reserve(account, client) {
      const byClient = await limiter.hit(clientKey(account, client), limits.windowMs);
      if (byClient.count > limits.perClient) throw tooManyRequests(byClient.resetAt);
      let byAccount: Hit | null = null;
      if ((await limiter.peek(knownKey(account, client))).count === 0) {
        byAccount = await limiter.hit(accountKey(account), limits.accountWindowMs);
        if (byAccount.count > limits.perAccount) {
          // Held by everyone's failures, not this client's: its own count is left as it was.
          await limiter.release(clientKey(account, client), byClient);
          throw tooManyRequests(byAccount.resetAt);
        }
      }
      const release = async () => {
        await limiter.release(clientKey(account, client), byClient);
        if (byAccount) await limiter.release(accountKey(account), byAccount);
      };
      return {
        release,
        async succeed() {
          if (byAccount) await limiter.release(accountKey(account), byAccount);
          await limiter.clear(clientKey(account, client));
          await limiter.hit(knownKey(account, client), KNOWN_CLIENT_MS);
        },
      };
    },
  };
}
