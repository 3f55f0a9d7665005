import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

// Astro's record of an incremental build (`<cacheDir>/incremental-build.json`): each keyed
// page's route, path and key, and each route's code hash. Read before and after a build, it
// says which pages the build rendered and which it copied from the build before.

const incrementalRecord = z.object({
  routes: z.record(
    z.string(),
    z.object({
      dependencyHash: z.string(),
      paths: z.record(
        z.string(),
        z.object({
          cacheKey: z.string(),
          /** The render hash of each content entry the page rendered. */
          contentHashes: z.record(z.string(), z.string()).optional(),
        }),
      ),
    }),
  ),
});

/**
 * Each keyed page, `<route> <path>`, with what decides whether it is copied: its code, its key
 * and the entries it rendered.
 */
export function keyedPages(cacheDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  let record: z.output<typeof incrementalRecord>;
  try {
    record = incrementalRecord.parse(
      JSON.parse(readFileSync(join(cacheDir, "incremental-build.json"), "utf8")),
    );
  } catch {
    return pages;
  }
  for (const [route, { dependencyHash, paths }] of Object.entries(record.routes)) {
    for (const [path, { cacheKey, contentHashes }] of Object.entries(paths)) {
      pages.set(
        `${route} ${path}`,
        JSON.stringify([dependencyHash, cacheKey, contentHashes ?? {}]),
      );
    }
  }
  return pages;
}

/** The keyed pages of `after` a build rendered: new ones, or ones whose code or key changed. */
export function renderedPages(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((page) => before.get(page) !== after.get(page));
}
