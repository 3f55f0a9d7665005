// `npm run import -- <file.tar.gz>`
// Restores an archive of `npm run export` into the configured database (DATABASE_URL, else the
// embedded one under DATA_DIR or .data), which must be empty, and its storage (as `npm start`
// chooses them). The whole archive is checked first (every checksum); storage is written
// first and every row in one transaction; on any failure nothing stays behind. Exits 1 with
// the reason when the archive is damaged, the database is not empty or the import failed.

import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ArchiveError } from "../src/server/backup/archive.ts";
import { ImportRefused, importArchive } from "../src/server/backup/import.ts";
import { claimOnce } from "../src/server/db/meta.ts";
import { openForCommand } from "../src/server/runtime.ts";
import { DEMO_SETTINGS_KEY } from "../src/server/site-config/demo.ts";
import { storageFromEnv } from "../src/server/storage/storage.ts";
import { DEMO_SEED_KEY } from "../src/server/users/admin.ts";

const USAGE = "usage: npm run import -- <file.tar.gz>";

let file: string | undefined;
try {
  const parsed = parseArgs({
    options: { help: { type: "boolean", short: "h" } },
    allowPositionals: true,
  });
  if (parsed.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (parsed.positionals.length !== 1) throw new Error("Name one archive.");
  file = parsed.positionals[0];
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  process.exit(1);
}

let bytes: Uint8Array;
try {
  bytes = readFileSync(file ?? "");
} catch (error) {
  console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const database = await openForCommand();
try {
  const started = performance.now();
  const result = await importArchive(database.db, storageFromEnv(process.env), bytes);
  // A restored site is the owner's: `npm start` must never add the demo admin (a known
  // password) or the demo settings to it, whatever NODE_ENV says.
  for (const key of [DEMO_SEED_KEY, DEMO_SETTINGS_KEY]) await claimOnce(database.db, key);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const rows = Object.values(result.rows).reduce((a, b) => a + b, 0);
  console.log(
    `Imported ${file} (exported ${result.manifest.exportedAt}): ${rows} rows, ${result.storageFiles} stored files, ${seconds} s, ${database.kind} database.`,
  );
  if (!result.manifest.withPasswordHashes) {
    console.log(
      "The archive has no password hashes: set an admin's password with `npm run admin:create`; other users reset theirs by email.",
    );
  }
} catch (error) {
  if (error instanceof ArchiveError || error instanceof ImportRefused) {
    console.error(`Import refused: ${error.message}`);
  } else {
    console.error("Import failed, nothing was kept:", error);
  }
  process.exitCode = 1;
} finally {
  await database.close();
}
