import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { codeDigest } from "./page-cache.ts";

// Astro keeps each collection's parsed entries between builds (data-store.json in its cache
// folder) and parses a file again only when the file changes, or when src/content.config.ts's
// own text does. The collections' fields live in src/shared/, which that text imports: a field
// added there would be missing from every entry kept from the build before (a default never
// applied), until the cache was cleared by hand. On Netlify the cache goes from deploy to deploy.
// So a digest of the schemas' code is kept beside the store, and the store starts afresh when
// the code differs.

const SHARED = new URL("../shared/", import.meta.url);

/** The code the collections' schemas are made of: the config, the loader, src/shared/. */
export function schemaFiles(): URL[] {
  const shared = readdirSync(fileURLToPath(SHARED), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !entry.name.includes(".test"))
    .map((entry) => pathToFileURL(join(entry.parentPath, entry.name)))
    .sort((a, b) => a.href.localeCompare(b.href));
  return [
    new URL("../content.config.ts", import.meta.url),
    new URL("./database-loader.ts", import.meta.url),
    ...shared,
  ];
}

/**
 * Drops Astro's content store in `cacheDir` when the schemas' code is not the code that made it
 * (or nothing says which code did). Answers whether a store was dropped, and the code's digest:
 * every page's key holds it too (src/lib/cache-key.ts), since an entry's digest is its file's.
 */
export function guardContentStore(cacheDir: string, files: readonly URL[] = schemaFiles()) {
  const digest = codeDigest(files);
  process.env.CONTENT_SCHEMA_DIGEST = digest;
  const mark = join(cacheDir, "content-schemas.digest");
  const before = existsSync(mark) ? readFileSync(mark, "utf8") : null;
  if (before === digest) return false;
  const store = join(cacheDir, "data-store.json");
  const dropped = existsSync(store);
  rmSync(store, { force: true });
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(mark, digest);
  return dropped;
}
