import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { promisify } from "node:util";
import { gunzip as gunzipCallback, gzip as gzipCallback } from "node:zlib";
import { extract, pack } from "tar-stream";
import { z } from "zod";

// The archive: one .tar.gz, `manifest.json` first, then every other file sorted by its path.
// Every entry has the same fixed time, mode and owner, and gzip writes no time of its own, so
// two exports of the same data are the same bytes but for the manifest's `exportedAt`.

export const ARCHIVE_FORMAT = "bilingual-blog-export";
export const ARCHIVE_VERSION = 1;
export const MANIFEST = "manifest.json";

/** Every entry's time: fixed, so the archive depends on its contents only. */
const ENTRY_TIME = new Date("2000-01-01T00:00:00Z");

/** A path inside the archive: relative, `/`-separated, no `.` or `..` parts, printable. */
const SAFE_PATH = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_\-.@/\u0080-\uffff]+$/u;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export const manifestSchema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  exportedAt: z.iso.datetime({ offset: true }),
  /** Whether users' password hashes are in `data/users.json` (else they are null). */
  withPasswordHashes: z.boolean(),
  /** Rows per table, files per kind of content, blobs in storage. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  /** Blobs the database names that storage did not have when the archive was made. */
  missingBlobs: z.array(z.string()),
  files: z.array(
    z.strictObject({
      path: z.string().regex(SAFE_PATH),
      bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Why an archive is refused: it is damaged, or not an archive of this format. */
export class ArchiveError extends Error {
  override name = "ArchiveError";
}

/**
 * Writes the archive: `files` (path to bytes) with a manifest listing each file's size and
 * SHA-256. `manifest` is everything else the manifest says.
 */
export async function writeArchive(
  files: Map<string, Uint8Array>,
  manifest: Omit<Manifest, "files" | "format" | "version">,
): Promise<Uint8Array> {
  const paths = [...files.keys()].sort();
  for (const path of paths) {
    if (path === MANIFEST || !SAFE_PATH.test(path)) throw new Error(`bad archive path ${path}`);
  }
  const full: Manifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    ...manifest,
    files: paths.map((path) => {
      const bytes = files.get(path) ?? new Uint8Array();
      return { path, bytes: bytes.byteLength, sha256: sha256(bytes) };
    }),
  };
  const tar = pack();
  const add = (name: string, bytes: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      tar.entry(
        { name, size: bytes.byteLength, mtime: ENTRY_TIME, mode: 0o644, uid: 0, gid: 0 },
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        (error) => (error ? reject(error) : resolve()),
      );
    });
  const done = buffer(tar);
  await add(MANIFEST, new TextEncoder().encode(`${JSON.stringify(full, null, 2)}\n`));
  for (const path of paths) await add(path, files.get(path) ?? new Uint8Array());
  tar.finalize();
  return new Uint8Array(await promisify(gzipCallback)(await done, { level: 6 }));
}

export interface ReadArchive {
  manifest: Manifest;
  /** Every file but the manifest, each checked against it. */
  files: Map<string, Uint8Array>;
}

/**
 * Reads an archive and checks it whole before anything is done with it: a gzip and tar that
 * read to their end, a manifest of this format, every file it lists present with its size and
 * SHA-256, and nothing else. Throws ArchiveError otherwise.
 */
export async function readArchive(bytes: Uint8Array): Promise<ReadArchive> {
  let tarBytes: Buffer;
  try {
    tarBytes = await promisify(gunzipCallback)(bytes);
  } catch (error) {
    throw new ArchiveError("The archive is not a readable .tar.gz file", { cause: error });
  }
  const entries = new Map<string, Uint8Array>();
  const reader = extract();
  try {
    const reading = (async () => {
      for await (const entry of reader) {
        const { name, type } = entry.header;
        const content = await buffer(entry);
        if (type !== "file") throw new ArchiveError(`The archive holds a ${type}: ${name}`);
        if (entries.has(name)) throw new ArchiveError(`The archive holds ${name} twice`);
        entries.set(name, new Uint8Array(content));
      }
    })();
    Readable.from([tarBytes]).pipe(reader);
    await reading;
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError("The archive's tar stream is damaged", { cause: error });
  }
  const manifestBytes = entries.get(MANIFEST);
  if (!manifestBytes) throw new ArchiveError("The archive has no manifest.json");
  entries.delete(MANIFEST);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(new TextDecoder().decode(manifestBytes)));
  } catch (error) {
    throw new ArchiveError("The archive's manifest.json is not a manifest of this format", {
      cause: error,
    });
  }
  const listed = new Set<string>();
  for (const file of manifest.files) {
    const content = entries.get(file.path);
    if (!content) throw new ArchiveError(`The archive lacks ${file.path}`);
    if (content.byteLength !== file.bytes || sha256(content) !== file.sha256) {
      throw new ArchiveError(`${file.path} does not match its checksum: the archive is damaged`);
    }
    listed.add(file.path);
  }
  const extra = [...entries.keys()].find((path) => !listed.has(path));
  if (extra) throw new ArchiveError(`The archive holds ${extra}, which its manifest does not list`);
  return { manifest, files: entries };
}
