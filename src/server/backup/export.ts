import { z } from "zod";
import { IMAGE_TYPES, variantSchema } from "../../shared/kinds/media.ts";
import type { Db } from "../db/client.ts";
import { imageFiles } from "../media/store.ts";
import type { Storage } from "../storage/storage.ts";
import { AVATAR_NAME, AVATAR_PATH } from "../users/avatar.ts";
import { writeArchive } from "./archive.ts";
import { contentFilesOf } from "./markdown.ts";
import { type ArchivedRow, OWNED_TABLES, readRows, tableName } from "./repository.ts";

// An export: everything the owner owns in one archive (src/server/backup/archive.ts).
//   data/<table>.json   every row of each owned table (tables.ts), as it is: what an import reads
//   content/…           the writing as Markdown and JSON in content/'s layout (markdown.ts)
//   storage/<name>      every stored file the rows name: each library image's original and its
//                       served variants, and uploaded avatars
//   manifest.json       format, version, export time, counts, and each file's size and SHA-256
// Users' password hashes are left out (null) unless asked for; the AI provider's key, sealed
// with this server's secret and useless to another, is always left out.

export interface ExportOptions {
  /** Keep users' password hashes (`--with-password-hashes`); never for a download. */
  withPasswordHashes?: boolean;
  /** The export time the manifest states (now by default). */
  now?: Date;
}

/** What names a library image's files, read from its row. */
const storedImage = z.object({
  type: z.enum(IMAGE_TYPES),
  variants: z.array(variantSchema.pick({ width: true, format: true })),
});

/** The stored files the rows name: each image's variants and original, and own avatars. */
export function blobsOf(rows: ReadonlyMap<string, readonly ArchivedRow[]>): string[] {
  const names = new Set<string>();
  for (const row of rows.get("media") ?? []) {
    for (const name of imageFiles(String(row.id), storedImage.parse(row))) names.add(name);
  }
  for (const row of rows.get("users") ?? []) {
    const avatar = typeof row.avatar === "string" ? row.avatar : "";
    const name = avatar.startsWith(AVATAR_PATH) ? avatar.slice(AVATAR_PATH.length) : "";
    if (AVATAR_NAME.test(name)) names.add(name);
  }
  return [...names].sort();
}

/** What a row keeps in an archive: secrets out (see above). */
function archived(table: string, row: ArchivedRow, withPasswordHashes: boolean): ArchivedRow {
  if (table === "users" && !withPasswordHashes) return { ...row, passwordHash: null };
  if (table === "ai_settings") return { ...row, apiKeySealed: null, keyHint: "" };
  return row;
}

/** Reads every owned row in one repeatable-read transaction: the archive is one moment's state. */
async function readAll(db: Db, withPasswordHashes: boolean) {
  return db.transaction(
    async (tx) => {
      const rows = new Map<string, ArchivedRow[]>();
      for (const table of OWNED_TABLES) {
        const name = tableName(table);
        const read = await readRows(tx, table);
        rows.set(
          name,
          read.map((row) => archived(name, row, withPasswordHashes)),
        );
      }
      return rows;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Makes the archive of everything `db` and `storage` hold for the owner. */
export async function exportArchive(
  db: Db,
  storage: Storage,
  options: ExportOptions = {},
): Promise<Uint8Array> {
  const withPasswordHashes = options.withPasswordHashes ?? false;
  const rows = await readAll(db, withPasswordHashes);
  const files = new Map<string, Uint8Array>();
  const counts: Record<string, number> = {};
  for (const [table, list] of rows) {
    files.set(`data/${table}.json`, new TextEncoder().encode(`${JSON.stringify(list, null, 1)}\n`));
    counts[table] = list.length;
  }
  const content = contentFilesOf(rows);
  for (const [path, bytes] of content.files) files.set(path, bytes);
  const missingBlobs: string[] = [];
  let blobs = 0;
  for (const name of blobsOf(rows)) {
    const bytes = await storage.get(name);
    if (bytes) {
      files.set(`storage/${name}`, bytes);
      blobs++;
    } else missingBlobs.push(name);
  }
  // Photos' and banners' images as files of content/: their originals again.
  for (const [path, name] of content.originals) {
    const bytes = files.get(`storage/${name}`);
    if (bytes) files.set(path, bytes);
  }
  counts.contentFiles = [...files.keys()].filter((path) => path.startsWith("content/")).length;
  counts.storageFiles = blobs;
  return writeArchive(files, {
    exportedAt: (options.now ?? new Date()).toISOString(),
    withPasswordHashes,
    counts,
    missingBlobs,
  });
}

/** An archive's file name: `blog-export-<YYYY-MM-DD>.tar.gz`, the export's day (UTC). */
export function exportFileName(now: Date): string {
  return `blog-export-${now.toISOString().slice(0, 10)}.tar.gz`;
}
