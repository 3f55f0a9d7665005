import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** The storage port: named blobs (avatars today). Local disk by default. */
export interface Storage {
  readonly kind: "local";
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

/** `$DATA_DIR/uploads` (default `.data/uploads`). */
export function storageFromEnv(env: NodeJS.ProcessEnv): Storage {
  return localStorage(join(env.DATA_DIR || ".data", "uploads"));
}
