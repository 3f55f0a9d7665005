import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { init } from "es-module-lexer";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  AFTER_BUILD_CODE,
  type AfterBuildRead,
  addModulePreloads,
  dependenciesOf,
  staticImportsOf,
  withModulePreloads,
} from "./module-preload.ts";
import { PageCache } from "./page-cache.ts";

beforeAll(async () => {
  await init;
});

describe("staticImportsOf", () => {
  it("keeps static imports and re-exports, resolved against the chunk, and leaves import() and packages", () => {
    const code =
      'import"./site.abc.js";import{a as b}from"./shared/x.js";export{c}from"../up.js";' +
      'const l=()=>import("./lazy.js");import.meta.url;import"react";';
    expect(staticImportsOf("/_astro/entry.js", code)).toEqual([
      "/_astro/site.abc.js",
      "/_astro/shared/x.js",
      "/up.js",
    ]);
  });
});

describe("dependenciesOf", () => {
  it("follows imports depth first, each chunk once, through cycles, and stops at what the site lacks", () => {
    const files: Record<string, string> = {
      "/_astro/entry.js": 'import"./a.js";import"./b.js";',
      "/_astro/a.js": 'import"./c.js";import"./missing.js";',
      "/_astro/b.js": 'import"./a.js";',
      "/_astro/c.js": 'import"./entry.js";export const c=1;',
    };
    const read = (url: string) => files[url] ?? null;
    expect(dependenciesOf("/_astro/entry.js", read)).toEqual([
      "/_astro/a.js",
      "/_astro/c.js",
      "/_astro/missing.js",
      "/_astro/b.js",
    ]);
  });
});

describe("withModulePreloads", () => {
  const deps = (url: string) => (url === "/_astro/entry.js" ? ["/_astro/site.js"] : []);

  it("puts the links before the script and adds none twice on a page", () => {
    const html =
      '<head><script type="module" src="/_astro/entry.js"></script></head>' +
      '<body><script src="/_astro/entry.js" type="module"></script></body>';
    expect(withModulePreloads(html, deps)).toBe(
      '<head><link rel="modulepreload" href="/_astro/site.js"><script type="module" src="/_astro/entry.js"></script></head>' +
        '<body><script src="/_astro/entry.js" type="module"></script></body>',
    );
  });

  it("reads the page as a browser does: a script's markup in a title or comment is text", () => {
    // Astro leaves `<` and `>` as they are in attribute values (a title in data-titles).
    const html =
      '<html data-titles=\'<script type="module" src="/_astro/entry.js">\'><head><title>&lt;script&gt;</title>' +
      '<!-- <script type="module" src="/_astro/entry.js"></script> --></head><body></body></html>';
    expect(withModulePreloads(html, deps)).toBe(html);
  });

  it("leaves classic scripts, inline modules and pages that already preload alone", () => {
    const html =
      '<link rel="modulepreload" href="/_astro/site.js"><script src="/_astro/entry.js"></script>' +
      '<script type="module">import "/_astro/entry.js"</script><script type="module" src="/_astro/entry.js"></script>';
    expect(withModulePreloads(html, deps)).toBe(html);
  });
});

describe("addModulePreloads", () => {
  let dir = "";
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("rewrites the pages of a built site that import chunks and no others", async () => {
    dir = mkdtempSync(join(tmpdir(), "module-preload-"));
    mkdirSync(join(dir, "_astro"));
    mkdirSync(join(dir, "notes"));
    writeFileSync(join(dir, "_astro", "entry.js"), 'import"./site.js";');
    writeFileSync(join(dir, "_astro", "site.js"), "export const s=1;");
    writeFileSync(join(dir, "_astro", "alone.js"), "console.log(1);");
    const page = '<script type="module" src="/_astro/entry.js"></script>';
    const plain = '<script type="module" src="/_astro/alone.js"></script>';
    writeFileSync(join(dir, "index.html"), page);
    writeFileSync(join(dir, "notes", "index.html"), plain);

    expect((await addModulePreloads(dir)).changed).toBe(1);
    expect(readFileSync(join(dir, "index.html"), "utf8")).toBe(
      `<link rel="modulepreload" href="/_astro/site.js">${page}`,
    );
    expect(readFileSync(join(dir, "notes", "index.html"), "utf8")).toBe(plain);
    // A second pass (the same folder built on) adds nothing.
    expect((await addModulePreloads(dir)).changed).toBe(0);
  });

  it("reads a page the last build read from its cache, and gives the same pages and hashes", async () => {
    dir = mkdtempSync(join(tmpdir(), "module-preload-"));
    const site = join(dir, "site");
    mkdirSync(join(site, "_astro"), { recursive: true });
    writeFileSync(join(site, "_astro", "entry.js"), 'import"./site.js";');
    writeFileSync(join(site, "_astro", "site.js"), "export const s=1;");
    const page = (text: string) =>
      `<title>${text}</title><script>let a=1</script><style>p{}</style><script type="module" src="/_astro/entry.js"></script>`;
    const build = async (pages: Record<string, string>) => {
      for (const [name, html] of Object.entries(pages)) writeFileSync(join(site, name), html);
      const cache = new PageCache<AfterBuildRead>(join(dir, "cache.json"), AFTER_BUILD_CODE);
      const result = await addModulePreloads(site, cache);
      cache.save();
      const written = Object.keys(pages).map((name) => readFileSync(join(site, name), "utf8"));
      return { ...result, hits: cache.hits, written };
    };
    const first = await build({ "a.html": page("A"), "b.html": page("B") });
    expect(first.hits).toBe(0);
    // The next build wrote the pages afresh, one of them changed: one page is parsed.
    const second = await build({ "a.html": page("A"), "b.html": page("B changed") });
    expect(second.hits).toBe(1);
    expect(second.hashes).toEqual(first.hashes);
    expect(second.written[0]).toBe(first.written[0]);
    expect(second.written[1]).toBe(
      `<title>B changed</title><script>let a=1</script><style>p{}</style><link rel="modulepreload" href="/_astro/site.js"><script type="module" src="/_astro/entry.js"></script>`,
    );
  });
});
