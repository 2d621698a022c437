/**
 * Argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane). Which passwords
 * are refused is password-strength.ts.
 */
import { hash, verify } from "@node-rs/argon2";

const ARGON2ID = 2; // @node-rs/argon2 Algorithm.Argon2id (a const enum, so not importable at runtime)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown e-mail can't be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("cleanspace-timing-equaliser");
  await verifyPassword(await dummyHash, password);
}
