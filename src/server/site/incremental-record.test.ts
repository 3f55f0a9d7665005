import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempFolders } from "../../../tests/support/test-folders.ts";
import { keyedPages, renderedPages } from "./incremental-record.ts";

const scratch = tempFolders("blog-incremental-record-");

/** Astro's record of a build, as `<cacheDir>/incremental-build.json` holds it. */
function record(dir: string, routes: Record<string, unknown>) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "incremental-build.json"), JSON.stringify({ version: 1, routes }));
  return keyedPages(dir);
}

describe("Astro's record of an incremental build", () => {
  it("counts as rendered a page whose code, key or rendered entry changed, or that is new", () => {
    const dir = scratch();
    const route = (hash: string, paths: Record<string, unknown>) => ({
      dependencyHash: hash,
      paths,
    });
    const before = record(dir, {
      "a.astro": route("h1", { "/a/1/": { cacheKey: "k1" }, "/a/2/": { cacheKey: "k2" } }),
      "b.astro": route("h2", { "/b/": { cacheKey: "k", contentHashes: { "x.md": "r1" } } }),
      "c.astro": route("h3", { "/c/": { cacheKey: "k" } }),
    });
    const after = record(dir, {
      "a.astro": route("h1", {
        "/a/1/": { cacheKey: "k1" },
        "/a/2/": { cacheKey: "changed" },
        "/a/3/": { cacheKey: "k3" },
      }),
      "b.astro": route("h2", { "/b/": { cacheKey: "k", contentHashes: { "x.md": "r2" } } }),
      "c.astro": route("new code", { "/c/": { cacheKey: "k" } }),
    });
    expect(renderedPages(before, after).sort()).toEqual([
      "a.astro /a/2/",
      "a.astro /a/3/",
      "b.astro /b/",
      "c.astro /c/",
    ]);
  });

  it("reads a missing or damaged record as no pages", () => {
    expect(keyedPages(scratch()).size).toBe(0);
    const dir = scratch();
    writeFileSync(join(dir, "incremental-build.json"), "{not json");
    expect(keyedPages(dir).size).toBe(0);
  });
});
