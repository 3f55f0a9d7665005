// `npm run bench:import`: how long a WordPress export of 1000 posts takes to import (issue 42:
// under 60 s on this machine), from the file's text to the last row written, into a fresh
// embedded database (PGlite, on disk), and into a fresh PostgreSQL database too when
// BENCH_DATABASE_URL names a server. The export is made here, the same every run: posts of
// about 800 words in HTML (headings, lists, a table, code, a quote, a captioned image on
// another site), half of them in Chinese, 12 categories, 40 tags, 3 comments each (one a
// reply). Prints wall and CPU time of the read, the dry run and the import; exits 1 over budget.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLBuilder } from "fast-xml-parser";
import { seededRandom } from "../src/lib/seeded-random.ts";
import { contentFiles } from "../src/server/content/files.ts";
import { noPublisher } from "../src/server/content/publisher.ts";
import { fileSource } from "../src/server/import/source.ts";
import { importBlog } from "../src/server/import/writer.ts";
import { localStorage } from "../src/server/storage/storage.ts";
import { Checks } from "./checks.ts";
import { freshPglite, freshPostgres } from "./fresh-database.ts";

const budgets: { import: { posts: number; maxSeconds: number } } = JSON.parse(
  readFileSync(new URL("./budgets.json", import.meta.url), "utf8"),
);
const POSTS = Number(process.env.IMPORT_BENCH_POSTS || budgets.import.posts);
const pgUrl = process.env.BENCH_DATABASE_URL;
const scratch = mkdtempSync(join(tmpdir(), "bench-import-"));

const random = seededRandom(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const EN = "the quick reader finds a slow network budget worth keeping in every page".split(" ");
const ZH = "读者在慢速网络上打开页面时总希望文字先到图片后到这是我们的预算".split("");
const words = (zh: boolean, n: number) =>
  zh
    ? Array.from({ length: n }, () => pick(ZH)).join("")
    : Array.from({ length: n }, () => pick(EN)).join(" ");

function postHtml(zh: boolean, id: number): string {
  const para = () => `<p>${words(zh, 60)}。<strong>${words(zh, 4)}</strong> ${words(zh, 30)}.</p>`;
  return [
    para(),
    `<h2>${words(zh, 5)}</h2>`,
    para(),
    para(),
    `<ul><li>${words(zh, 8)}</li><li>${words(zh, 8)}</li><li>${words(zh, 8)}</li></ul>`,
    `<pre><code class="language-ts">const budget${id} = { bytes: 5000, ms: 100 };\nexport default budget${id};</code></pre>`,
    `<h3>${words(zh, 4)}</h3>`,
    para(),
    `<table><thead><tr><th>Page</th><th>Bytes</th></tr></thead><tbody><tr><td>/</td><td>${id}</td></tr><tr><td>/a</td><td>${id * 2}</td></tr></tbody></table>`,
    `<blockquote><p>${words(zh, 20)}</p></blockquote>`,
    `[caption id="attachment_${id}" align="aligncenter" width="800"]<img src="https://old.example/wp-content/uploads/2020/01/p${id}.jpg" alt="${words(zh, 3)}" width="800" height="600" /> ${words(zh, 5)}[/caption]`,
    para(),
    para(),
    para(),
  ].join("\n\n");
}

/** The export: a WXR 1.2 document, written with fast-xml-parser's builder. */
function makeExport(posts: number): string {
  const categories = Array.from({ length: 12 }, (_, i) => `category-${i}`);
  const tags = Array.from({ length: 40 }, (_, i) => `tag-${i}`);
  const items = Array.from({ length: posts }, (_, n) => {
    const id = 1000 + n;
    const zh = n % 2 === 1;
    const date = new Date(Date.UTC(2015, 0, 1) + n * 86_400_000 * 2);
    const stamp = date.toISOString().slice(0, 19).replace("T", " ");
    const comment = (c: number, parent: number) => ({
      "wp:comment_id": id * 10 + c,
      "wp:comment_author": `Reader ${c}`,
      "wp:comment_author_email": `reader${c}@example.com`,
      "wp:comment_date_gmt": stamp,
      "wp:comment_content": words(zh, 25),
      "wp:comment_approved": 1,
      "wp:comment_type": "comment",
      "wp:comment_parent": parent,
    });
    return {
      title: zh ? `${words(true, 10)} ${n}` : `${words(false, 6)} ${n}`,
      link: `https://old.example/${stamp.slice(0, 4)}/${stamp.slice(5, 7)}/post-${id}/`,
      "content:encoded": postHtml(zh, id),
      "excerpt:encoded": "",
      "wp:post_id": id,
      "wp:post_date_gmt": stamp,
      "wp:post_name": `post-${id}`,
      "wp:status": n % 50 === 0 ? "draft" : "publish",
      "wp:post_type": "post",
      category: [
        { "@_domain": "category", "@_nicename": pick(categories), "#text": pick(categories) },
        ...Array.from({ length: 3 }, () => {
          const tag = pick(tags);
          return { "@_domain": "post_tag", "@_nicename": tag, "#text": tag };
        }),
      ],
      "wp:comment": [comment(1, 0), comment(2, 0), comment(3, id * 10 + 1)],
    };
  });
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({
    rss: {
      "@_version": "2.0",
      "@_xmlns:content": "http://purl.org/rss/1.0/modules/content/",
      "@_xmlns:wp": "http://wordpress.org/export/1.2/",
      channel: {
        title: "Old blog",
        link: "https://old.example",
        language: "en-US",
        "wp:wxr_version": "1.2",
        "wp:category": categories.map((c) => ({
          "wp:category_nicename": c,
          "wp:category_parent": "",
          "wp:cat_name": c,
        })),
        item: items,
      },
    },
  })}`;
}

/** An empty content folder: the bench measures the import alone. */
const noFiles = contentFiles(join(scratch, "content"));

const fresh = (engine: "pglite" | "postgres") =>
  engine === "pglite"
    ? freshPglite(join(scratch, "pglite"))
    : freshPostgres(pgUrl ?? "", `bench_import_${process.pid}`);

/** Wall and CPU seconds of `work`. */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return {
    result,
    wall: (performance.now() - started) / 1000,
    cpu: (used.user + used.system) / 1e6,
  };
}

const checks = new Checks(2);
const xml = makeExport(POSTS);
console.log(`import: a WordPress export of ${POSTS} posts, ${(xml.length / 1e6).toFixed(1)} MB`);
try {
  for (const engine of pgUrl ? (["pglite", "postgres"] as const) : (["pglite"] as const)) {
    const { database, drop } = await fresh(engine);
    try {
      const deps = {
        db: database.db,
        storage: localStorage(join(scratch, `uploads-${engine}`)),
        files: noFiles,
        publisher: noPublisher,
        actor: null,
      };
      const read = await timed(() => fileSource(xml, "bench.xml"));
      const dry = await timed(() => importBlog(deps, read.result, { dryRun: true }));
      const write = await timed(() => importBlog(deps, read.result));
      const total = read.wall + write.wall;
      const w = write.result.written;
      for (const [step, time] of [
        ["read the export", read],
        ["dry run", dry],
        ["write", write],
      ] as const) {
        checks.record(`${engine}: ${step}`, time.wall, "s", null);
        checks.record(`${engine}: ${step}, CPU`, time.cpu, "s", null);
      }
      checks.atMost(
        `${engine}: read and write ${POSTS} posts`,
        total,
        "s",
        budgets.import.maxSeconds,
      );
      checks.exactly(`${engine}: articles written`, w.articles, "", POSTS);
      checks.exactly(`${engine}: comments written`, w.comments, "", POSTS * 3);
    } finally {
      await drop();
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
checks.print();
process.exitCode = checks.results.every((r) => r.ok !== false) ? 0 : 1;
