import { z } from "zod";
import type { Db } from "../db/client.ts";
import type { Storage } from "../storage/storage.ts";
import { ArchiveError, type Manifest, readArchive } from "./archive.ts";
import {
  type ArchivedRow,
  insertRows,
  OWNED_TABLES,
  ownedRowCounts,
  revive,
  tableName,
} from "./repository.ts";

// An import: an archive of export.ts restored into an empty database and its storage. Nothing
// is touched before the whole archive has been read and checked (archive.ts: every checksum,
// the manifest, every data file's shape). Storage is written first; then every row goes in one
// transaction. When anything fails, the transaction rolls back and the files written are
// deleted again, so a failed import leaves the database empty and storage as it was.

/** Why an import was refused before anything was written (a damaged archive is ArchiveError). */
export class ImportRefused extends Error {
  override name = "ImportRefused";
}

export interface ImportResult {
  manifest: Manifest;
  /** Rows restored, by table. */
  rows: Record<string, number>;
  /** Files written to storage. */
  storageFiles: number;
}

const rowsSchema = z.array(z.record(z.string(), z.unknown()));

/** The data files of an archive, by table, each checked to be a list of rows. */
function dataOf(files: ReadonlyMap<string, Uint8Array>): Map<string, ArchivedRow[]> {
  const known = new Set(OWNED_TABLES.map((table) => `data/${tableName(table)}.json`));
  for (const path of files.keys()) {
    if (path.startsWith("data/") && !known.has(path)) {
      throw new ArchiveError(`The archive holds ${path}, a table this version does not know`);
    }
  }
  const data = new Map<string, ArchivedRow[]>();
  for (const table of OWNED_TABLES) {
    const path = `data/${tableName(table)}.json`;
    const bytes = files.get(path);
    if (!bytes) throw new ArchiveError(`The archive lacks ${path}`);
    const read = rowsSchema.safeParse(safeJson(new TextDecoder().decode(bytes)));
    if (!read.success) throw new ArchiveError(`${path} is not a list of rows`);
    data.set(tableName(table), read.data);
  }
  return data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function refuseUnlessEmpty(counts: Record<string, number>): void {
  const held = Object.entries(counts).map(([table, n]) => `${n} in ${table}`);
  if (held.length > 0) {
    throw new ImportRefused(
      `The database is not empty (${held.join(", ")}): an archive is restored into an empty database only. Point DATABASE_URL at a new database, or DATA_DIR at a new folder, and run the import again.`,
    );
  }
}

/**
 * A self-referencing table's rows with parents first: chapters top-level, then their children;
 * comments each thread's first, then the replies in the order they were written (a reply
 * answers only what was there before it).
 */
function parentsFirst(table: string, rows: ArchivedRow[]): ArchivedRow[] {
  if (table === "content_chapters")
    return [...rows.filter((r) => !r.parentId), ...rows.filter((r) => !!r.parentId)];
  if (table !== "comments") return rows;
  const written = (r: ArchivedRow) => `${r.threadId ? 1 : 0} ${String(r.createdAt)}`;
  return [...rows].sort((a, b) => written(a).localeCompare(written(b)));
}

/** Restores `archive` (the bytes of a .tar.gz export) into an empty `db` and `storage`. */
export async function importArchive(
  db: Db,
  storage: Storage,
  archive: Uint8Array,
): Promise<ImportResult> {
  const { manifest, files } = await readArchive(archive);
  const data = dataOf(files);
  refuseUnlessEmpty(await ownedRowCounts(db));

  const written: string[] = [];
  try {
    for (const [path, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
      if (!path.startsWith("storage/")) continue;
      const name = path.slice("storage/".length);
      await storage.put(name, bytes);
      written.push(name);
    }
    const rows = await db.transaction(async (tx) => {
      // Checked again inside: nothing was written between the first look and this one.
      refuseUnlessEmpty(await ownedRowCounts(tx));
      const restored: Record<string, number> = {};
      for (const table of OWNED_TABLES) {
        const name = tableName(table);
        const list = parentsFirst(name, data.get(name) ?? []);
        await insertRows(tx, table, revive(table, list));
        restored[name] = list.length;
      }
      return restored;
    });
    return { manifest, rows, storageFiles: written.length };
  } catch (error) {
    await Promise.all(written.map((name) => storage.delete(name).catch(() => {})));
    throw error;
  }
}
