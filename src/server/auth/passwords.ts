import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";
import { plainPasswordSchema } from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { issueText } from "../http/validate.ts";
import { decryptPassword } from "./keys.ts";

/** argon2id, 19 MiB, 2 passes, 1 lane (OWASP's first recommendation). */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum in the typings)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashing runs on libuv's thread pool; at most (cores - 1) at once, so a flood of logins
 * queues here instead of taking every core from the requests that read.
 */
const slot = pLimit(Math.max(1, availableParallelism() - 1));

export function hashPassword(plain: string): Promise<string> {
  return slot(() => hash(plain, ARGON2_OPTIONS));
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await slot(() => verify(stored, plain));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification and fails: unknown emails answer like wrong passwords. */
export async function verifyNobody(plain: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(await dummyHash, plain);
  return false;
}

/** Decrypts a new password and holds it to the rules (6-16, letters, digits and symbols). */
export async function decryptNewPassword(
  db: Db,
  ciphertext: string,
  field = "password",
): Promise<string> {
  const result = plainPasswordSchema.safeParse(await decryptPassword(db, ciphertext));
  if (result.success) return result.data;
  const text = issueText(result.error.issues[0]?.message ?? "validation.passwordInvalid");
  throw new ApiError(400, "validation", text.message, {
    details: { issues: [{ field, ...text }] },
  });
}

/** Decrypts a password to check against a hash (login, current password): no rules, bounded. */
export async function decryptGivenPassword(db: Db, ciphertext: string): Promise<string> {
  const plain = await decryptPassword(db, ciphertext);
  return plain.slice(0, 256);
}
