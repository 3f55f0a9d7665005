import type { EncryptionKey } from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import { findServerKey, storeServerKey } from "./repository.ts";

/**
 * The server's RSA-OAEP (SHA-256) key pair for passwords in transit. Generated once, stored in
 * the database so every instance shares it, cached per database in each process.
 */
export const KEY_NAME = "rsa-oaep-256";
const ALGORITHM = { name: "RSA-OAEP", hash: "SHA-256" } as const;

interface KeyPair {
  publicKey: string;
  privateKey: CryptoKey;
}

const cache = new WeakMap<Db, Promise<KeyPair>>();

function toBase64(buffer: ArrayBuffer): string {
  return Buffer.from(buffer).toString("base64");
}

async function generate(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = await crypto.subtle.generateKey(
    {
      ...ALGORITHM,
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
    },
    true,
    ["encrypt", "decrypt"],
  );
  return {
    publicKey: toBase64(await crypto.subtle.exportKey("spki", pair.publicKey)),
    privateKey: toBase64(await crypto.subtle.exportKey("pkcs8", pair.privateKey)),
  };
}

async function loadOrCreate(db: Db): Promise<KeyPair> {
  const stored =
    (await findServerKey(db, KEY_NAME)) ?? (await storeServerKey(db, KEY_NAME, await generate()));
  const privateKey = await crypto.subtle.importKey(
    "pkcs8",
    Buffer.from(stored.privateKey, "base64"),
    ALGORITHM,
    false,
    ["decrypt"],
  );
  return { publicKey: stored.publicKey, privateKey };
}

/** The key pair of `db`, created on first need (also warmed at start-up by runtime.ts). */
export function keyPair(db: Db): Promise<KeyPair> {
  let pending = cache.get(db);
  if (!pending) {
    pending = loadOrCreate(db);
    cache.set(db, pending);
    pending.catch(() => cache.delete(db));
  }
  return pending;
}

/** Forgets the cached pair of `db` (tests that empty the tables). */
export function forgetKeyPair(db: Db): void {
  cache.delete(db);
}

export async function encryptionKey(db: Db): Promise<EncryptionKey> {
  return { algorithm: "RSA-OAEP-256", publicKey: (await keyPair(db)).publicKey };
}

export const CHECK_INPUT = "Please check the input validity";

/** Decrypts a base64 RSA-OAEP ciphertext to the UTF-8 password; anything else is a 400. */
export async function decryptPassword(db: Db, ciphertext: string): Promise<string> {
  const { privateKey } = await keyPair(db);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "RSA-OAEP" },
      privateKey,
      Buffer.from(ciphertext, "base64"),
    );
    return new TextDecoder("utf-8", { fatal: true }).decode(plain);
  } catch {
    throw new ApiError(400, "bad_request", CHECK_INPUT);
  }
}
