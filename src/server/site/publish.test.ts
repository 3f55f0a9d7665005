import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db.ts";
import { contentArticles } from "../db/schema.ts";
import { rebuilder, type SiteRoot } from "./rebuild.ts";

// A real publish, as `npm start` makes it: the whole site built by Astro in a worker process,
// search indexes included, with the data folder outside the checkout. The folder is a sibling
// of the checkout (its path starts with the checkout's own): that is where Astro used to put
// its page renderer next to the output, where Node could not find `react` and every build
// failed. About 10 s on 2 cores, most of it Astro.

/** A folder outside the checkout whose path starts with the checkout's; else one in tmp. */
function outsideTheCheckout(): string {
  try {
    return mkdtempSync(`${process.cwd()}-publish-test-`);
  } catch {
    // A read-only parent: the test still builds for real, outside the checkout.
    return mkdtempSync(join(tmpdir(), "blog-publish-test-"));
  }
}

describe("publishing with DATA_DIR outside the checkout", () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    dataDir = outsideTheCheckout();
  }, 60_000);
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("builds the whole site, serves it from DATA_DIR and reports it live", async () => {
    expect(dirname(dataDir)).not.toBe(process.cwd());
    const marker = `written-outside-${Date.now().toString(36)}`;
    await database.db.insert(contentArticles).values({
      slug: "published-outside",
      lang: "en-US",
      title: "Published outside",
      summary: "A row built into the site.",
      body: `The text ${marker}.`,
      category: "tools",
      status: "published",
      publishedAt: new Date(Date.now() - 60_000),
    });
    const roots: SiteRoot[] = [];
    const lines: string[] = [];
    const rebuild = rebuilder({
      db: database.db,
      dataDir,
      delayMs: 0,
      log: (line) => lines.push(line),
      swap: (root) => roots.push(root),
    });
    const original = console.error;
    const errors: unknown[] = [];
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      rebuild.contentChanged({ action: "articles.publish", item: "published-outside" });
      await rebuild.idle();
    } finally {
      console.error = original;
      rebuild.close();
    }
    const [run] = rebuild.status().runs;
    // On failure, the reason is in the message.
    expect({ state: run?.state, errorLines: run?.errorLines }).toEqual({
      state: "live",
      errorLines: [],
    });
    expect(errors).toEqual([]);
    const dir = roots[0]?.dir ?? "";
    expect(dir.startsWith(join(dataDir, "site", "build-"))).toBe(true);
    expect(
      readFileSync(join(dir, "articles", "published-outside", "index.html"), "utf8"),
    ).toContain(marker);
    expect(existsSync(join(dir, "pagefind-en-US", "pagefind.js"))).toBe(true);
    expect(existsSync(join(dir, "_headers"))).toBe(true);
    expect(readFileSync(join(dataDir, "site", "current"), "utf8")).toBe(dir.split("/").pop());
  }, 300_000);
});
