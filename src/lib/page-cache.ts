import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

// What a pass over the built pages learned from each page, kept from one build to the next in
// the build's cache folder, by the page's SHA-256. A build that changed four pages of 460 then
// parses four: the passes after `astro build` (module preloads and CSP hashes, the search
// indexes) had parsed every page, 1.5 s of a 7 s publish. The pass's own code is part of the
// key: a change to it reads every page again.

/** A JSON file of entries by page hash, for one pass whose code is the given files. */
export class PageCache<T> {
  readonly #file: string;
  readonly #code: string;
  #earlier = new Map<string, T>();
  readonly #used = new Map<string, T>();
  hits = 0;

  /** `code`: the files whose contents are the pass (an edit to any of them clears the cache). */
  constructor(file: string, code: readonly URL[]) {
    this.#file = file;
    this.#code = codeDigest(code);
    try {
      const saved: unknown = JSON.parse(readFileSync(file, "utf8"));
      if (isSaved(saved) && saved.code === this.#code) {
        // Entries are the pass's own output, written by save() below with the same code.
        this.#earlier = new Map(Object.entries(saved.pages as Record<string, T>));
      }
    } catch {
      // none yet, or unreadable: every page is read
    }
  }

  /** The entry of a page: the last build's when the page is the same, else `read()`'s. */
  get(html: string, read: () => T): T {
    const key = createHash("sha256").update(html).digest("base64url");
    const earlier = this.#earlier.get(key) ?? this.#used.get(key);
    if (earlier !== undefined) {
      this.hits += 1;
      this.#used.set(key, earlier);
      return earlier;
    }
    const made = read();
    this.#used.set(key, made);
    return made;
  }

  /** Writes this build's entries only, so the file never holds more than one build's pages. */
  save(): void {
    mkdirSync(dirname(this.#file), { recursive: true });
    const pages = Object.fromEntries(this.#used);
    writeFileSync(this.#file, JSON.stringify({ code: this.#code, pages }));
  }
}

function isSaved(value: unknown): value is { code: string; pages: object } {
  return (
    typeof value === "object" &&
    value !== null &&
    "code" in value &&
    typeof value.code === "string" &&
    "pages" in value &&
    typeof value.pages === "object" &&
    value.pages !== null
  );
}

/** The digest of some files' contents: a pass's code. Unreadable files give a new value each time. */
export function codeDigest(files: readonly URL[]): string {
  const hash = createHash("sha256");
  try {
    for (const file of files) hash.update(readFileSync(file));
  } catch {
    return randomUUID(); // unreadable: nothing is reused
  }
  return hash.digest("base64url");
}

/** Astro's cache folder of this build: the one `npm start` gives its builds, or Astro's default. */
export function buildCacheDir(): string {
  return process.env.ASTRO_CACHE_DIR || "node_modules/.astro";
}
