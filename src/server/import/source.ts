import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { fromBufferPromise } from "yauzl";
import { readGhostExport } from "./ghost.ts";
import { type ImportItem, SourceRefused } from "./items.ts";

export { SourceRefused };

import { readMarkdownSite } from "./markdown-site.ts";
import { readWordPressExport } from "./wordpress.ts";
import type { BlogSource } from "./writer.ts";

// Where an import reads from: a folder of Markdown, a WordPress export (.xml), a Ghost export
// (.json), or a .zip of any of these. The command line and /bms both open sources here.

/** What a .zip may hold at most: a blog's text and images, not a disk's worth. */
export const ZIP_LIMITS = { entries: 20_000, bytes: 1024 ** 3 } as const;

/** Where a Markdown site keeps the files its pages show at `/…`, by tool. */
const STATIC_FOLDERS = ["source", "static", "public", "assets", "."];

/** Opens the folder or file at `path`; `close` deletes what opening it unpacked. */
export async function openSource(
  path: string,
  name = basename(path),
): Promise<BlogSource & { close(): Promise<void> }> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new SourceRefused(`${name} does not exist`);
  if (info.isDirectory()) return { ...(await folderSource(path, name)), close: async () => {} };
  const kind = extname(path).toLowerCase();
  if (kind === ".zip") return zipSource(await readFile(path), name);
  return { ...(await fileSource(await readFile(path, "utf8"), name)), close: async () => {} };
}

/** A WordPress (.xml) or Ghost (.json) export, as text: its images are addresses, not files. */
export async function fileSource(text: string, name: string): Promise<BlogSource> {
  const kind = extname(name).toLowerCase();
  const trimmed = text.trimStart();
  const read =
    kind === ".json" || trimmed.startsWith("{")
      ? await readGhostExport(text)
      : kind === ".xml" || trimmed.startsWith("<")
        ? await readWordPressExport(text)
        : null;
  if (!read) throw new SourceRefused(`${name} is not a WordPress (.xml) or Ghost (.json) export`);
  return { name, read, image: async () => null };
}

/** A Markdown site in a folder: its items' image files are read from it. */
export async function folderSource(dir: string, name: string): Promise<BlogSource> {
  const root = await onlyFolderIn(dir);
  const read = await readMarkdownSite(root);
  return { name, read, image: (item, src) => imageIn(root, item, src) };
}

/** A blog packed in a .zip: unpacked to a private temporary folder, then read as a folder or file. */
export async function zipSource(
  bytes: Uint8Array,
  name: string,
): Promise<BlogSource & { close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "blog-import-"));
  const close = () => rm(dir, { recursive: true, force: true });
  try {
    await unzip(bytes, dir);
    const root = await onlyFolderIn(dir);
    const entries = await readdir(root, { withFileTypes: true });
    const exports = entries.filter((e) => e.isFile() && /\.(xml|json)$/i.test(e.name));
    const isSite = entries.some((e) => e.isDirectory());
    const single = !isSite && exports.length === 1 ? exports[0] : undefined;
    const source = single
      ? await fileSource(await readFile(join(root, single.name), "utf8"), name)
      : await folderSource(root, name);
    return { ...source, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The folder itself, or the one folder it holds alone (a .zip of `my-blog/`). */
async function onlyFolderIn(dir: string): Promise<string> {
  const entries = (await readdir(dir, { withFileTypes: true })).filter(
    (e) => !e.name.startsWith(".") && e.name !== "__MACOSX",
  );
  const [only] = entries;
  return entries.length === 1 && only?.isDirectory() ? join(dir, only.name) : dir;
}

/**
 * Unpacks a .zip into `dir`. yauzl refuses names that leave the folder (absolute, `..`) and
 * checks each entry's size as it is read; the number of entries and the bytes unpacked are
 * capped besides, against a zip bomb.
 */
async function unzip(bytes: Uint8Array, dir: string): Promise<void> {
  let zip: Awaited<ReturnType<typeof fromBufferPromise>>;
  try {
    zip = await fromBufferPromise(Buffer.from(bytes), { strictFileNames: false });
  } catch (error) {
    throw new SourceRefused(
      `not a .zip archive (${error instanceof Error ? error.message : error})`,
    );
  }
  if (zip.entryCount > ZIP_LIMITS.entries) {
    zip.close();
    throw new SourceRefused(`the .zip holds over ${ZIP_LIMITS.entries} files`);
  }
  let total = 0;
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith("/")) continue;
    total += entry.uncompressedSize;
    if (total > ZIP_LIMITS.bytes) {
      zip.close();
      throw new SourceRefused("the .zip unpacks to over 1 GB");
    }
    const to = resolve(dir, entry.fileName);
    if (!inside(dir, to)) throw new SourceRefused(`${entry.fileName} leaves the archive`);
    await mkdir(dirname(to), { recursive: true });
    await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(to, { mode: 0o600 }));
  }
}

const inside = (dir: string, path: string) => {
  const rel = relative(dir, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
};

/**
 * An image file an item shows: beside its file (`./a.png`, Hexo's `post/a.png`, a Hugo
 * bundle's), or at `/a.png` in the site's folder of static files. Never outside `root`.
 */
async function imageIn(
  root: string,
  item: ImportItem,
  src: string,
): Promise<{ path: string; bytes: Uint8Array } | null> {
  const path = src.split(/[?#]/)[0] ?? "";
  if (!path) return null;
  const candidates = path.startsWith("/")
    ? STATIC_FOLDERS.map((folder) => join(root, folder, path))
    : [join(root, dirname(item.sourceId), path)];
  for (const candidate of candidates) {
    if (!inside(root, candidate)) continue;
    const info = await stat(candidate).catch(() => null);
    if (!info?.isFile()) continue;
    return { path: relative(root, candidate), bytes: await readFile(candidate) };
  }
  return null;
}
