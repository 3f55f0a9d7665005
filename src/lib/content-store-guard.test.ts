import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { guardContentStore, schemaFiles } from "./content-store-guard.ts";

describe("guardContentStore", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it("drops the store once the schemas' code changes, and keeps it while it does not", () => {
    const folder = mkdtempSync(join(tmpdir(), "store-guard-"));
    folders.push(folder);
    const schema = join(folder, "kind.ts");
    const store = join(folder, "cache", "data-store.json");
    const files = [pathToFileURL(schema)];
    writeFileSync(schema, "export const fields = { a: 1 };");
    // A store nothing vouches for (made before the guard) goes.
    guardContentStore(join(folder, "cache"), files);
    writeFileSync(store, "{}");
    expect(guardContentStore(join(folder, "cache"), files)).toBe(false);
    expect(existsSync(store)).toBe(true);
    writeFileSync(schema, "export const fields = { a: 1, b: 2 };");
    expect(guardContentStore(join(folder, "cache"), files)).toBe(true);
    expect(existsSync(store)).toBe(false);
  });

  it("reads the config, the loader and every shared module but tests", () => {
    const names = schemaFiles().map((url) => url.pathname);
    expect(names.some((name) => name.endsWith("src/content.config.ts"))).toBe(true);
    expect(names.some((name) => name.endsWith("src/shared/kinds/article.ts"))).toBe(true);
    expect(names.some((name) => name.includes(".test"))).toBe(false);
  });
});
