import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** The storage port: named blobs (avatars today). Local disk by default, Supabase Storage on Netlify. */
export interface Storage {
  readonly kind: "local" | "supabase";
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when there is no such blob. */
  get(name: string): Promise<Uint8Array | null>;
  delete(name: string): Promise<void>;
}

const SAFE_NAME = /^[a-z0-9][a-z0-9._-]{0,127}$/;

function checked(name: string): string {
  if (!SAFE_NAME.test(name) || name.includes("..")) throw new Error(`unsafe blob name ${name}`);
  return name;
}

/** Files in one folder, created on first write. */
export function localStorage(folder: string): Storage {
  return {
    kind: "local",
    async put(name, bytes) {
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, checked(name)), bytes);
    },
    async get(name) {
      try {
        return new Uint8Array(await readFile(join(folder, checked(name))));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(name) {
      await rm(join(folder, checked(name)), { force: true });
    },
  };
}

export interface SupabaseStorageOptions {
  /** The project's address, `https://<ref>.supabase.co`. */
  url: string;
  /** The service role key: the server's own, never sent to a browser. */
  serviceKey: string;
  /** A private bucket; the API serves its blobs (`GET /api/avatars/<name>`). */
  bucket: string;
  fetch?: typeof fetch;
}

/**
 * Blobs in a Supabase Storage bucket through its REST API (a serverless function has no disk
 * to keep files on). Missing objects answer 404, or 400 with `statusCode: "404"` on older
 * Storage versions; both read as null.
 */
export function supabaseStorage(options: SupabaseStorageOptions): Storage {
  const send = options.fetch ?? fetch;
  const base = `${options.url.replace(/\/+$/, "")}/storage/v1/object`;
  const bucket = encodeURIComponent(options.bucket);
  const headers = { authorization: `Bearer ${options.serviceKey}`, apikey: options.serviceKey };
  const fail = async (what: string, response: Response) =>
    new Error(
      `Supabase Storage ${what} answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
  return {
    kind: "supabase",
    async put(name, bytes) {
      const response = await send(`${base}/${bucket}/${checked(name)}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/octet-stream", "x-upsert": "true" },
        // A copy backed by a plain ArrayBuffer, as fetch bodies are typed.
        body: new Uint8Array(bytes),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw await fail("upload", response);
    },
    async get(name) {
      const response = await send(`${base}/authenticated/${bucket}/${checked(name)}`, {
        headers,
        signal: AbortSignal.timeout(15_000),
      });
      if (response.ok) return new Uint8Array(await response.arrayBuffer());
      if (response.status === 404) return null;
      const text = await response.text();
      if (response.status === 400 && /"statusCode"\s*:\s*"404"|not[_ ]found/i.test(text))
        return null;
      throw new Error(
        `Supabase Storage download answered ${response.status}: ${text.slice(0, 200)}`,
      );
    },
    async delete(name) {
      const response = await send(`${base}/${bucket}`, {
        method: "DELETE",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ prefixes: [checked(name)] }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok && response.status !== 404) throw await fail("delete", response);
    },
  };
}

/**
 * Supabase Storage when `SUPABASE_URL` and `SUPABASE_SERVICE_ROLE_KEY` are set (bucket
 * `STORAGE_BUCKET`, default `uploads`), else `$DATA_DIR/uploads` (default `.data/uploads`).
 */
export function storageFromEnv(env: NodeJS.ProcessEnv): Storage {
  if (env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY) {
    return supabaseStorage({
      url: env.SUPABASE_URL,
      serviceKey: env.SUPABASE_SERVICE_ROLE_KEY,
      bucket: env.STORAGE_BUCKET || "uploads",
    });
  }
  return localStorage(join(env.DATA_DIR || ".data", "uploads"));
}
