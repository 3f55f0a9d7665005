import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { StorageError } from "@supabase/storage-js";
import { createClient } from "@supabase/supabase-js";

/** The storage port: named blobs (images, the last export). Local disk by default, Supabase Storage on Netlify. */
export interface Storage {
  readonly kind: "local" | "supabase";
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when there is no such blob. */
  get(name: string): Promise<Uint8Array | null>;
  delete(name: string): Promise<void>;
  /**
   * A link that downloads the blob as `fileName` straight from where it is kept, for `seconds`
   * (Supabase Storage's signed URL), so a file larger than a function may answer never passes
   * through one; null where the API sends it itself (local disk).
   */
  downloadLink(name: string, fileName: string, seconds: number): Promise<string | null>;
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
    async downloadLink(name) {
      checked(name);
      return null;
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

/** A Storage error's HTTP status; older versions answer 400 with the real one in `statusCode`. */
function statusOf(error: StorageError): number {
  const legacy = Number(error.statusCode) || 0;
  if (error.status === 400 && legacy > 0) return legacy;
  return error.status ?? legacy;
}

/**
 * Blobs in a private Supabase Storage bucket through `@supabase/supabase-js` (a serverless
 * function has no disk to keep files on). A missing object reads as null, whether Storage says
 * 404 or, as older versions do, 400 with `statusCode: "404"`.
 */
export function supabaseStorage(options: SupabaseStorageOptions): Storage {
  const client = createClient(options.url, options.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: options.fetch ? { fetch: options.fetch } : {},
  });
  const bucket = () => client.storage.from(options.bucket);
  const fail = (what: string, error: StorageError) =>
    new Error(`Supabase Storage ${what} answered ${statusOf(error)}: ${error.message}`);
  return {
    kind: "supabase",
    async put(name, bytes) {
      const { error } = await bucket().upload(checked(name), bytes, {
        upsert: true,
        contentType: "application/octet-stream",
      });
      if (error) throw fail("upload", error);
    },
    async get(name) {
      const { data, error } = await bucket().download(checked(name));
      if (!error) return new Uint8Array(await data.arrayBuffer());
      if (statusOf(error) === 404) return null;
      throw fail("download", error);
    },
    async delete(name) {
      const { error } = await bucket().remove([checked(name)]);
      if (error && statusOf(error) !== 404) throw fail("delete", error);
    },
    async downloadLink(name, fileName, seconds) {
      const { data, error } = await bucket().createSignedUrl(checked(name), seconds, {
        download: fileName,
      });
      if (error) throw fail("signing", error);
      return data.signedUrl;
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
