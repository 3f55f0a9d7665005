import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";

// Folders of files for tests: a built site, a content/ folder, a data folder.

/** Writes each file under `dir` (path → text), making its folders as needed. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

/**
 * For one test file: a maker of fresh temporary folders (named `prefix…`, holding `files`),
 * each removed after the test that made it.
 */
export function tempFolders(prefix: string): (files?: Record<string, string>) => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (files = {}) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    writeFiles(dir, files);
    return dir;
  };
}
