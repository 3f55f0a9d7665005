// `npm run export -- [--out <file.tar.gz>] [--with-password-hashes]`
// Writes one archive of everything the owner owns (src/server/backup/export.ts) from the
// configured database (DATABASE_URL, else the embedded one under DATA_DIR or .data) and storage
// (Supabase Storage when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set, else
// $DATA_DIR/uploads). Users' password hashes only with --with-password-hashes.
// Exits 1 when the embedded database is held by a running server (its daily backups are in
// $DATA_DIR/backups).

import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { exportArchive, exportFileName } from "../src/server/backup/export.ts";
import { openForCommand } from "../src/server/runtime.ts";
import { storageFromEnv } from "../src/server/storage/storage.ts";

const USAGE = "usage: npm run export -- [--out <file.tar.gz>] [--with-password-hashes]";

let args: {
  out?: string | undefined;
  "with-password-hashes"?: boolean | undefined;
  help?: boolean | undefined;
};
try {
  args = parseArgs({
    options: {
      out: { type: "string", short: "o" },
      "with-password-hashes": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  process.exit(1);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const now = new Date();
const out = resolve(args.out ?? exportFileName(now));
const database = await openForCommand();
try {
  const started = performance.now();
  const archive = await exportArchive(database.db, storageFromEnv(process.env), {
    withPasswordHashes: args["with-password-hashes"] ?? false,
    now,
  });
  mkdirSync(dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  writeFileSync(partial, archive);
  renameSync(partial, out);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `Exported to ${out} (${(archive.byteLength / 1024).toFixed(0)} KiB, ${seconds} s, ${database.kind} database${args["with-password-hashes"] ? ", with password hashes" : ""}).`,
  );
} catch (error) {
  console.error("Export failed:", error);
  process.exitCode = 1;
} finally {
  await database.close();
}
