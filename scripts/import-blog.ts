// `npm run import:blog -- <folder|file.xml|file.json|file.zip> [--yes]`
// Brings a blog from WordPress, Ghost, Hexo, Hugo, Jekyll or an Astro theme into the
// configured database (DATABASE_URL, else the embedded one under DATA_DIR or .data) and its
// storage. Without --yes it only reports what it would bring. --fetch-images fetches the
// images on other sites (public addresses only) into the media library too. `--list` lists the
// imports made; `--remove <id>` removes one with everything it made. The embedded database is one process's
// at a time: stop `npm start` first, and build again after (`npm run build`).

import { parseArgs } from "node:util";
import { contentFiles } from "../src/server/content/files.ts";
import { noPublisher } from "../src/server/content/publisher.ts";
import { noteText } from "../src/server/import/items.ts";
import { openSource, SourceRefused } from "../src/server/import/source.ts";
import {
  type ImportOutcome,
  importBlog,
  listBlogImports,
  removeBlogImport,
} from "../src/server/import/writer.ts";
import { openForCommand } from "../src/server/runtime.ts";
import { storageFromEnv } from "../src/server/storage/storage.ts";
import type { ImportProgress } from "../src/shared/import-rules.ts";

const USAGE = [
  "usage: npm run import:blog -- <folder|export.xml|export.json|blog.zip> [--yes] [--fetch-images]",
  "       npm run import:blog -- --list",
  "       npm run import:blog -- --remove <id>",
].join("\n");

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      yes: { type: "boolean", short: "y" },
      "fetch-images": { type: "boolean" },
      list: { type: "boolean" },
      remove: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
  });
}
try {
  args = parse();
  if (args.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const wanted =
    args.positionals.length + (args.values.list ? 1 : 0) + (args.values.remove ? 1 : 0);
  if (wanted !== 1) throw new Error("Name one blog to import, or --list, or --remove <id>.");
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  process.exit(1);
}

/** The outcome as lines for a person: counts, then every item with a problem. */
function linesOf(outcome: ImportOutcome): string[] {
  const w = outcome.written;
  const nothing = !outcome.dryRun && !outcome.importId;
  const lines = [
    nothing
      ? `Nothing new to import from ${outcome.report.tool}.`
      : `${outcome.dryRun ? "Would import" : "Imported"} from ${outcome.report.tool}: ${w.articles} articles, ${w.pages} pages (${w.drafts} drafts), ${w.categories} new categories, ${w.images} images, ${w.comments} comments, ${w.redirects} old addresses.`,
  ];
  if (outcome.already > 0)
    lines.push(`${outcome.already} items an earlier import brought are left as they are.`);
  const remote = outcome.report.counts.remoteImages;
  if (remote > 0) lines.push(`${remote} images on other sites stay as their addresses.`);
  for (const { file, reason } of outcome.report.skipped)
    lines.push(`  left out ${file}: ${noteText(reason)}`);
  for (const { sourceId, reason } of outcome.refused)
    lines.push(`  refused ${sourceId}: ${noteText(reason)}`);
  for (const { name, items, as } of outcome.authors) {
    lines.push(`  author ${name}: ${items} items, written as ${as ?? "whoever imports"}`);
  }
  for (const { sourceId, problems } of outcome.problems) {
    for (const problem of problems) lines.push(`  ${sourceId}: ${noteText(problem)}`);
  }
  return lines;
}

/** Says each tenth of the items read and of the rows written, on stderr. */
function tenths() {
  let said = "";
  return ({ stage, done, total }: ImportProgress) => {
    if (stage === "done" || total === 0) return;
    const step = `${stage}${Math.floor((done / total) * 10)}`;
    if (step === said) return;
    said = step;
    console.error(`${stage === "items" ? "Items read" : "Rows written"}: ${done} of ${total}`);
  };
}

const database = await openForCommand();
const deps = {
  db: database.db,
  storage: storageFromEnv(process.env),
  files: contentFiles(),
  publisher: noPublisher,
  actor: null,
};
try {
  if (args.values.list) {
    const imports = await listBlogImports(database.db);
    if (imports.length === 0) console.log("No imports.");
    for (const row of imports) {
      const counts = Object.entries(row.counts).map(([kind, n]) => `${n} ${kind}`);
      console.log(
        `${row.id}  ${row.createdAt.toISOString()}  ${row.tool}  ${row.source}  ${counts.join(", ")}`,
      );
    }
  } else if (args.values.remove) {
    const removed = await removeBlogImport(deps, args.values.remove);
    if (!removed) {
      console.error(`No import ${args.values.remove}: see --list.`);
      process.exitCode = 1;
    } else {
      console.log(
        `Removed: ${removed.articles.length} articles with their comments, ${removed.categories.length} categories, ${removed.media.length} images, and the old addresses. To update the site: npm run build, then (re)start npm start.`,
      );
    }
  } else {
    const path = args.positionals[0] ?? "";
    const started = performance.now();
    const cpu = process.cpuUsage();
    const source = await openSource(path);
    try {
      const outcome = await importBlog(deps, source, {
        dryRun: !args.values.yes,
        fetchImages: args.values["fetch-images"] === true,
        onProgress: args.values.yes ? tenths() : undefined,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      const used = process.cpuUsage(cpu);
      const cpuSeconds = ((used.user + used.system) / 1e6).toFixed(2);
      for (const line of linesOf(outcome)) console.log(line);
      console.log(`${seconds} s (CPU ${cpuSeconds} s), ${database.kind} database.`);
      if (outcome.dryRun) console.log("Nothing was written. Run again with --yes to import.");
      else if (outcome.importId) {
        console.log(`Import ${outcome.importId}: remove it with --remove ${outcome.importId}.`);
        console.log("To show it on the site: npm run build, then (re)start npm start.");
      }
    } finally {
      await source.close();
    }
  }
} catch (error) {
  if (error instanceof SourceRefused) {
    console.error(`Import refused: ${error.message}`);
  } else {
    console.error("Import failed, nothing was kept:", error);
  }
  process.exitCode = 1;
} finally {
  await database.close();
}
