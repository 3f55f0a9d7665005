// `node bench/backup.ts`: how long `npm run export` and `npm run import` take, for the seed site
// (what `npm start` seeds on first start: the demo admin, the demo settings and their avatar
// image) and for the bench corpus (1000 articles in each language, as bench/content.ts makes,
// Markdown bodies of about 1000 words or 1600 characters, with 8 categories). Each is made in
// a fresh embedded database (PGlite, on disk under a temporary folder) and, when
// BENCH_DATABASE_URL names a PostgreSQL server (a database there to connect to; the bench makes
// and drops its own beside it), in a fresh PostgreSQL database; every export is imported into
// another fresh one. Three runs each; prints the median of each step and the archive's size.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seededRandom } from "../src/lib/seeded-random.ts";
import { exportArchive } from "../src/server/backup/export.ts";
import { importArchive } from "../src/server/backup/import.ts";
import type { Database } from "../src/server/db/client.ts";
import { contentArticles, contentCategories } from "../src/server/db/schema.ts";
import { startDatabase } from "../src/server/runtime.ts";
import { localStorage, type Storage } from "../src/server/storage/storage.ts";
import { freshPglite, freshPostgres } from "./fresh-database.ts";

const RUNS = Number(process.env.BACKUP_BENCH_RUNS || 3);
const PER_LANGUAGE = Number(process.env.BACKUP_BENCH_ARTICLES || 1000);
const pgUrl = process.env.BENCH_DATABASE_URL;
const scratch = mkdtempSync(join(tmpdir(), "bench-backup-"));
let made = 0;

interface Target {
  database: Database;
  storage: Storage;
  drop(): Promise<void>;
}

/** A fresh, migrated, empty database of `engine` with a storage folder of its own. */
async function fresh(engine: "pglite" | "postgres"): Promise<Target> {
  const dir = join(scratch, `t${made++}`);
  const storage = localStorage(join(dir, "uploads"));
  const opened =
    engine === "pglite"
      ? await freshPglite(dir)
      : await freshPostgres(pgUrl ?? "", `bench_backup_${process.pid}_${made}`);
  return { ...opened, storage };
}

const EN =
  "the page loads fast on a slow network because it ships only what a reader needs and nothing more so we measure every byte before it leaves".split(
    " ",
  );
const ZH =
  "静态页面在慢速网络上也能很快打开因为它只发送读者需要的内容我们在发布之前衡量每一个字节".split(
    "",
  );
const CATEGORIES = [
  "engineering",
  "tools",
  "reading",
  "life",
  "travel",
  "photos",
  "notes",
  "books",
];

function corpus() {
  const rand = seededRandom(19);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const rows: (typeof contentArticles.$inferInsert)[] = [];
  for (const lang of ["zh-CN", "en-US"] as const) {
    for (let n = 0; n < PER_LANGUAGE; n++) {
      const paragraphs = Array.from({ length: 8 }, () =>
        lang === "en-US"
          ? Array.from({ length: 125 }, () => pick(EN)).join(" ")
          : Array.from({ length: 200 }, () => pick(ZH)).join(""),
      );
      rows.push({
        slug: `${lang === "en-US" ? "en" : "zh"}-${n}`,
        lang,
        title: lang === "en-US" ? `Article ${n}` : `文章 ${n}`,
        summary: paragraphs[0]?.slice(0, 120) ?? "",
        body: `## ${n}\n\n${paragraphs.join("\n\n")}\n`,
        category: pick(CATEGORIES),
        tags: [pick(CATEGORIES), pick(CATEGORIES)].filter((t, i, all) => all.indexOf(t) === i),
        status: "published",
        publishedAt: new Date(Date.UTC(2020, 0, 1) + Math.floor(rand() * 2e11)),
      });
    }
  }
  return rows;
}

async function seedCorpus(target: Target): Promise<void> {
  const { db } = target.database;
  await db
    .insert(contentCategories)
    .values(CATEGORIES.map((slug, order) => ({ slug, nameZh: slug, nameEn: slug, order })));
  const rows = corpus();
  for (let i = 0; i < rows.length; i += 200) {
    await db.insert(contentArticles).values(rows.slice(i, i + 200));
  }
}

/** The seed site as `npm start` makes it on the embedded database. */
async function seedSite(): Promise<{ archive: Uint8Array }> {
  const dataDir = join(scratch, `seed${made++}`);
  // The demo settings' image goes to the storage the environment names: this folder's.
  process.env.DATA_DIR = dataDir;
  delete process.env.SUPABASE_URL;
  const database = await startDatabase({
    databaseUrl: undefined,
    directDatabaseUrl: undefined,
    dataDir,
    trustProxy: false,
    production: false,
  });
  try {
    return {
      archive: await exportArchive(database.db, localStorage(join(dataDir, "uploads"))),
    };
  } finally {
    await database.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function measure(
  label: string,
  engine: "pglite" | "postgres",
  fill: (target: Target) => Promise<void>,
) {
  const exports: number[] = [];
  const imports: number[] = [];
  let bytes = 0;
  let rows = 0;
  for (let run = 0; run < RUNS; run++) {
    const source = await fresh(engine);
    const target = await fresh(engine);
    try {
      await fill(source);
      let started = performance.now();
      const archive = await exportArchive(source.database.db, source.storage);
      exports.push(performance.now() - started);
      bytes = archive.byteLength;
      started = performance.now();
      const result = await importArchive(target.database.db, target.storage, archive);
      imports.push(performance.now() - started);
      rows = Object.values(result.rows).reduce((a, b) => a + b, 0);
    } finally {
      await source.drop();
      await target.drop();
    }
  }
  console.log(
    `${label.padEnd(28)} ${engine.padEnd(8)} ${String(rows).padStart(6)} rows  ${(bytes / 1024).toFixed(0).padStart(6)} KiB  export ${median(exports).toFixed(0).padStart(6)} ms  import ${median(imports).toFixed(0).padStart(6)} ms  (median of ${RUNS})`,
  );
}

try {
  const { archive: seedArchive } = await seedSite();
  const fromSeed = async (target: Target) => {
    await importArchive(target.database.db, target.storage, seedArchive);
  };
  const engines: ("pglite" | "postgres")[] = pgUrl ? ["pglite", "postgres"] : ["pglite"];
  for (const engine of engines) {
    await measure("seed site", engine, fromSeed);
    await measure(`${PER_LANGUAGE * 2} articles (bench corpus)`, engine, seedCorpus);
  }
  if (!pgUrl) console.log("PostgreSQL not measured: set BENCH_DATABASE_URL.");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
