/** Password hashing with argon2id (@node-rs/argon2, prebuilt; ~36 ms per hash on these machines). */
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** argon2id, the library's default cost (m = 19 MiB, t = 2, p = 1: OWASP's minimum). */
const ARGON2ID = 2;

/** Hashes a password to a PHC string (`$argon2id$...`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/**
 * Hashes many passwords (in order), at most one core's worth fewer than the machine has at once,
 * so the event loop and the database keep a core while a class of 1,000 is imported. Each hash
 * runs on libuv's worker threads (a native async task), never on the event loop; call this
 * outside any transaction, so no database session waits for it.
 */
export async function hashPasswords(passwords: readonly string[]): Promise<string[]> {
  const out = new Array<string>(passwords.length);
  let next = 0;
  const lanes = Math.max(1, Math.min(passwords.length, availableParallelism() - 1));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < passwords.length) {
        const i = next++;
        out[i] = await hashPassword(passwords[i]!);
      }
    }),
  );
  return out;
}

// A hash of a random password, verified against when no account matches, so an unknown login
// name costs the same time as a wrong password.
let decoy: Promise<string> | undefined;

/**
 * Checks a password against a stored PHC string; with no stored hash it still spends one
 * verification and answers false. A malformed hash answers false.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** The smallest password length accepted at sign-up. */
export const MIN_PASSWORD_LENGTH = 8;
