import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { describe, expect, it } from "vitest";

// Netlify deploys every file at the top of functions/ with a script extension as a function,
// and every folder holding `index.<ext>` or `<folder>.<ext>` (zip-it-and-ship-it's finder). A
// test file left there became a function of its own (bundled with the test database's helpers
// and PGlite, 55 MB zipped: over Netlify's 50 MB limit), so the tests live in this folder,
// which holds neither name and is skipped.

const EXTENSIONS = [".js", ".zip", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts"];
const folder = join(import.meta.dirname, "..");

/** The functions a Netlify build finds in `dir`, by the finder's rules. */
function deployedFunctions(dir: string): string[] {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    if (entry.isDirectory()) {
      const main = EXTENSIONS.some(
        (ext) =>
          existsSync(join(dir, entry.name, `index${ext}`)) ||
          existsSync(join(dir, entry.name, `${entry.name}${ext}`)),
      );
      if (main) names.add(entry.name);
    } else if (EXTENSIONS.includes(extname(entry.name))) {
      names.add(entry.name.slice(0, -extname(entry.name).length));
    }
  }
  return [...names].sort();
}

describe("functions/", () => {
  it("holds the two functions and nothing else Netlify would deploy", () => {
    expect(deployedFunctions(folder)).toEqual(["api", "publish-scheduled"]);
  });

  it("would count a test file at its top as a function (so the check above can fail)", () => {
    const dir = mkdtempSync(join(tmpdir(), "functions-layout-"));
    try {
      for (const file of ["api.mts", "api.test.ts", "README.md", "hello/index.mts", "tests/a.ts"]) {
        mkdirSync(join(dir, file, ".."), { recursive: true });
        writeFileSync(join(dir, file), "export {};\n");
      }
      expect(deployedFunctions(dir)).toEqual(["api", "api.test", "hello"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
