import { createHash } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

// A build's text files compressed once, at build time: `<file>.br` (brotli) and `<file>.gz`
// (gzip, level 9) beside each, which `npm start` serves as they are by the request's
// Accept-Encoding (src/server/site/static-site.ts) instead of compressing every response while
// the page loads, on the same two cores as the page. Most files are the same from one build to
// the next (hashed assets, unchanged pages), so each compressed pair is kept by its source's
// SHA-256 in a cache folder and copied when it is asked for again: a rebuild compresses only
// what changed. Netlify compresses on its own CDN; its build skips this (`NETLIFY`).

/** Files worth compressing: text the site serves. Images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:html|css|js|mjs|json|xml|svg|txt|webmanifest|map)$/;
/** Below this, a compressed file saves less than a network packet. */
export const MIN_BYTES = 1024;
/**
 * Brotli's quality for a file. Scripts and styles under `_astro/` are named by their bytes and
 * change only with the code, so they get the smallest form (11), made once. Pages change with
 * every publish and are compressed on the way to it: quality 11 took 6.3 s for the seed site's
 * 223 pages against 0.12 s at 6, for 12 % more bytes (about 0.7 KB a page).
 */
export const brotliQuality = (file: string) => (/[\\/]_astro[\\/]/.test(file) ? 11 : 6);

/** The encodings written beside a file, by its suffix. */
export const ENCODED = { br: ".br", gzip: ".gz" } as const;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface PrecompressResult {
  /** Text files compressed (or copied from the cache). */
  files: number;
  /** Of those, how many came from the cache. */
  cached: number;
  /** Their bytes, and their brotli bytes. */
  bytes: number;
  brotliBytes: number;
  ms: number;
}

async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Runs `work` over `items`, at most `limit` at a time (zlib's work runs on libuv's threads). */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Writes `.br` and `.gz` beside every text file of `dir` of at least `MIN_BYTES`. `cacheDir` keeps each pair by its source's hash; after the run it
 * holds only the pairs this build used, so it never grows past one build's worth.
 */
export async function precompress(dir: string, cacheDir?: string): Promise<PrecompressResult> {
  const started = performance.now();
  if (cacheDir) await mkdir(cacheDir, { recursive: true });
  const used = new Set<string>();
  const result = { files: 0, cached: 0, bytes: 0, brotliBytes: 0 };
  await eachLimited(await textFiles(dir), 4, async (file) => {
    const source = await readFile(file);
    if (source.length < MIN_BYTES) return;
    const key = createHash("sha256").update(source).digest("hex");
    const cached = cacheDir ? join(cacheDir, key) : null;
    if (cached) used.add(key);
    let br: Buffer | null = null;
    if (cached) {
      // Copied as it was written for an earlier build; a pair half gone is made again.
      const copied = await Promise.all([
        copyFile(`${cached}.br`, `${file}.br`).then(
          () => true,
          () => false,
        ),
        copyFile(`${cached}.gz`, `${file}.gz`).then(
          () => true,
          () => false,
        ),
      ]);
      if (copied.every(Boolean)) {
        result.cached += 1;
        br = await readFile(`${file}.br`);
      }
    }
    if (!br) {
      const [b, g] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file),
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipped(source, { level: 9 }),
      ]);
      br = b;
      await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
      if (cached) await Promise.all([writeFile(`${cached}.br`, b), writeFile(`${cached}.gz`, g)]);
    }
    result.files += 1;
    result.bytes += source.length;
    result.brotliBytes += br.length;
  });
  if (cacheDir) {
    // Only this build's pairs stay.
    const stale = (await readdir(cacheDir)).filter((name) => !used.has(name.replace(/\.\w+$/, "")));
    await Promise.all(stale.map((name) => rm(join(cacheDir, name), { force: true })));
  }
  return { ...result, ms: performance.now() - started };
}
