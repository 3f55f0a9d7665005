import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import type { Storage } from "../storage/storage.ts";
import { ArchiveError, type Manifest, readArchive } from "./archive.ts";
import { type ArchivedRow, OWNED_TABLES, revive, sequenceResets, tableName } from "./tables.ts";

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

/** Rows per INSERT: well under PostgreSQL's 65535 parameters for the widest table. */
const CHUNK = 200;

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

/** The rows the owned tables hold, by table, those with any. */
export async function ownedRowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of OWNED_TABLES) {
    const count = await db.$count(table);
    if (count > 0) counts[tableName(table)] = count;
  }
  return counts;
}

function refuseUnlessEmpty(counts: Record<string, number>): void {
  const held = Object.entries(counts).map(([table, n]) => `${n} in ${table}`);
  if (held.length > 0) {
    throw new ImportRefused(
      `The database is not empty (${held.join(", ")}): an archive is restored into an empty database only. Point DATABASE_URL at a new database, or DATA_DIR at a new folder, and run the import again.`,
    );
  }
}

/** A self-referencing table's rows with parents first (chapters: top-level, then their children). */
function parentsFirst(table: string, rows: ArchivedRow[]): ArchivedRow[] {
  if (table !== "content_chapters") return rows;
  return [...rows.filter((r) => !r.parentId), ...rows.filter((r) => !!r.parentId)];
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
        const values = revive(table, list);
        for (let i = 0; i < values.length; i += CHUNK) {
          // Rows of this table, their fields named as its columns (checked by the database).
          const target: PgTable = table;
          await tx.insert(target).values(values.slice(i, i + CHUNK));
        }
        for (const reset of sequenceResets(table)) await tx.execute(reset);
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
