import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { init } from "es-module-lexer";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  addModulePreloads,
  dependenciesOf,
  staticImportsOf,
  withModulePreloads,
} from "./module-preload.ts";

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

    expect(await addModulePreloads(dir)).toBe(1);
    expect(readFileSync(join(dir, "index.html"), "utf8")).toBe(
      `<link rel="modulepreload" href="/_astro/site.js">${page}`,
    );
    expect(readFileSync(join(dir, "notes", "index.html"), "utf8")).toBe(plain);
    // A second pass (the same folder built on) adds nothing.
    expect(await addModulePreloads(dir)).toBe(0);
  });
});
