import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

// Secrets the owner gives the server to keep (the AI provider's key), sealed with AES-256-GCM
// under the server's own secret: `APP_SECRET` from the environment (Netlify: set it in the
// site's environment variables), or for a server of one's own a random one kept in
// `$DATA_DIR/app-secret` (made on first need, readable by its owner only). A database copied
// without that secret holds no usable key.

/** A sealed text: `v1.<iv>.<tag>.<ciphertext>`, base64url each. */
const VERSION = "v1";

const keyOf = (secret: string) => createHash("sha256").update(secret, "utf8").digest();

export function seal(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The sealed text opened, or null when it was sealed under another secret or is damaged. */
export function open(sealed: string, secret: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}

/** The secret of a server with a data folder: `APP_SECRET`, else the folder's own (made once). */
export async function localAppSecret(env: NodeJS.ProcessEnv, dataDir: string): Promise<string> {
  if (env.APP_SECRET) return env.APP_SECRET;
  const file = join(dataDir, "app-secret");
  const existing = await readFile(file, "utf8").catch(() => "");
  if (existing.trim()) return existing.trim();
  await mkdir(dataDir, { recursive: true });
  const made = randomBytes(32).toString("base64url");
  // `wx`: two processes starting at once keep the first one's.
  await writeFile(file, made, { flag: "wx", mode: 0o600 }).catch(() => undefined);
  await chmod(file, 0o600).catch(() => undefined);
  return (await readFile(file, "utf8")).trim();
}
