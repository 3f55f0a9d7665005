import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db.ts";
import { tempFolders } from "../../../tests/support/test-folders.ts";
import type { BuildRun } from "../../shared/build-status.ts";
import { contentArticles } from "../db/schema.ts";
import { type BuildCommand, moveDir, stagingDir } from "./build-workers.ts";
import { initialSiteDir, type RebuilderOptions, rebuilder, type SiteRoot } from "./rebuild.ts";
import { articleRow, HOUR } from "./site.test-support.ts";
import { readSnapshotFile } from "./snapshot.ts";

// `npm start`'s background build with a stand-in for Astro: where it builds, what it serves,
// what the back office is told. (publish.test.ts runs the real build.)

const scratch = tempFolders("blog-rebuild-");

/** A stand-in build: a page naming its folder, after `gate` (when given) lets it finish. */
function fakeBuild(seen: string[], gate?: () => Promise<void>): BuildCommand {
  return async (outDir, env) => {
    const snapshot = readSnapshotFile(env.CONTENT_SNAPSHOT ?? "");
    seen.push(
      `${relative(process.cwd(), outDir).split("/").slice(0, 2).join("/")} ${
        snapshot?.articles
          .map((a) => a.slug)
          .sort()
          .join(",") ?? "none"
      }`,
    );
    await gate?.();
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, "index.html"), `<p>${outDir}</p>`);
    writeFileSync(join(outDir, "404.html"), "<h1>gone</h1>");
    return null;
  };
}

const states = (runs: BuildRun[]) => runs.map((r) => `${r.id}:${r.state}`);

describe("npm start's rebuild", () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  }, 60_000);
  beforeEach(async () => {
    await database.reset();
    dataDir = scratch();
    await database.db
      .insert(contentArticles)
      .values(articleRow({ slug: "live", publishedAt: new Date(Date.now() - HOUR) }));
  });
  afterAll(async () => {
    await database.close();
  });

  /** A rebuilder over the test's database and data folder, quiet and quick unless told. */
  const start = (options: Partial<RebuilderOptions> = {}) =>
    rebuilder({
      db: database.db,
      dataDir,
      delayMs: 1,
      log: () => {},
      swap: () => {},
      build: fakeBuild([]),
      ...options,
    });

  it("builds inside the project, moves the build under DATA_DIR, swaps it in and keeps the newest two", async () => {
    const roots: SiteRoot[] = [];
    const seen: string[] = [];
    const rebuild = start({
      delayMs: 10,
      swap: (root) => roots.push(root),
      build: fakeBuild(seen),
    });
    // A burst of changes makes one build.
    rebuild.contentChanged({ action: "a" });
    rebuild.contentChanged({ action: "b" });
    await rebuild.idle();
    expect(rebuild.builds).toBe(1);
    // Built where Node resolves the project's packages (Astro's renderer runs from there).
    expect(seen).toEqual([".astro/site-builds live"]);
    expect(roots[0]?.dir.startsWith(join(dataDir, "site", "build-"))).toBe(true);
    expect(roots[0]?.notFoundPage).toBe("<h1>gone</h1>");
    expect(
      readdirSync(stagingDir(process.cwd())).filter((n) => n.startsWith(`${process.pid}-`)),
    ).toHaveLength(0);
    for (const n of [1, 2]) {
      // Build folders are named by the millisecond.
      await new Promise((r) => setTimeout(r, 5));
      rebuild.contentChanged({ action: `more ${n}` });
      await rebuild.idle();
    }
    expect(rebuild.builds).toBe(3);
    const builds = readdirSync(join(dataDir, "site")).filter((n) => n.startsWith("build-"));
    expect(builds).toHaveLength(2);
    expect(readFileSync(join(dataDir, "site", "current"), "utf8")).toBe(
      roots[2]?.dir.split("/").pop(),
    );
    // A restart serves the newest build, unless dist/ was built after it.
    const dist = scratch();
    writeFileSync(join(dist, "index.html"), "old");
    const old = new Date(Date.now() - HOUR);
    utimesSync(join(dist, "index.html"), old, old);
    expect(initialSiteDir(dist, dataDir)).toBe(roots[2]?.dir);
    writeFileSync(join(dist, "index.html"), "new");
    expect(initialSiteDir(dist, dataDir)).toBe(dist);
  });

  it("lays a hot render over the served build until a build of the same changes lands", async () => {
    const roots: SiteRoot[] = [];
    let release: () => void = () => {};
    let gated = false;
    const build = fakeBuild([], () =>
      gated ? new Promise<void>((r) => (release = r)) : Promise.resolve(),
    );
    const hot = vi.fn(async ({ overlayDir }: { overlayDir: string }) => {
      mkdirSync(overlayDir, { recursive: true });
      writeFileSync(join(overlayDir, "index.html"), "at once");
      return {
        files: ["index.html"],
        removed: [],
        hashes: { scripts: [], styles: [] },
        rendered: 1,
        steps: "",
      };
    });
    const rebuild = start({ swap: (root) => roots.push(root), build, hot });
    rebuild.contentChanged({ action: "first" });
    await rebuild.idle();
    // A render of changes the served build already holds is never laid over it.
    expect(roots.map((root) => root.overlay)).toEqual([undefined]);
    gated = true;
    rebuild.contentChanged({ action: "second" });
    await vi.waitFor(() => expect(roots.at(-1)?.overlay?.files).toEqual(["index.html"]));
    const overlay = roots.at(-1)?.overlay;
    expect(roots.at(-1)?.dir).toBe(roots[0]?.dir);
    expect(readFileSync(join(overlay?.dir ?? "", "index.html"), "utf8")).toBe("at once");
    release();
    await rebuild.idle();
    // The build of the same changes replaces it.
    expect(roots.at(-1)?.overlay).toBeUndefined();
    expect(roots.at(-1)?.dir).not.toBe(roots[0]?.dir);
  });

  it("tells the back office: queued, building, live; a change during a build waits for the next", async () => {
    let release: () => void = () => {};
    const gates: Array<() => void> = [];
    const gate = () =>
      new Promise<void>((r) => {
        gates.push(r);
        release = r;
      });
    const rebuild = start({ build: fakeBuild([], gate) });
    expect(rebuild.status()).toEqual({ mode: "rebuild", runs: [] });
    rebuild.contentChanged({ action: "articles.update", item: "a" });
    expect(states(rebuild.status().runs)).toEqual(["1:queued"]);
    await expect.poll(() => gates.length).toBe(1);
    expect(states(rebuild.status().runs)).toEqual(["1:building"]);
    rebuild.contentChanged({ action: "articles.update", item: "b" });
    rebuild.contentChanged({ action: "articles.update", item: "c" });
    expect(states(rebuild.status().runs)).toEqual(["2:queued", "1:building"]);
    expect(rebuild.status().runs[0]?.reasons).toEqual([
      { action: "articles.update", item: "b" },
      { action: "articles.update", item: "c" },
    ]);
    release();
    await expect.poll(() => gates.length).toBe(2);
    expect(states(rebuild.status().runs)).toEqual(["2:building", "1:live"]);
    release();
    await rebuild.idle();
    const [second, first] = rebuild.status().runs;
    expect(states(rebuild.status().runs)).toEqual(["2:live", "1:live"]);
    expect(first?.reasons).toEqual([{ action: "articles.update", item: "a" }]);
    expect(second?.startedAt && second.finishedAt && second.finishedAt >= second.startedAt).toBe(
      true,
    );
  });

  it("tells what a build cost: its CPU time and the pages it rendered, not copied", async () => {
    const lines: string[] = [];
    const build = fakeBuild([]);
    const rebuild = start({
      log: (line) => lines.push(line),
      build: async (outDir, env) => {
        await build(outDir, env);
        return { cpuMs: 1234.4, keyed: 10, reused: 7, rendered: ["a", "b", "c"] };
      },
    });
    rebuild.contentChanged({ action: "articles.update", item: "a" });
    await rebuild.idle();
    expect(rebuild.status().runs[0]?.work).toEqual({
      cpuMs: 1234,
      pagesKeyed: 10,
      pagesRendered: 3,
    });
    expect(lines.at(-1)).toMatch(/ s, 1\.2 s of CPU \(7 of 10 pages copied from the last build\)/);
  });

  it("one item whose build fails never stops the others: it is left out and flagged until changed", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await database.db
        .insert(contentArticles)
        .values([
          articleRow({ slug: "broken", publishedAt: new Date(Date.now() - HOUR) }),
          articleRow({ slug: "fine", publishedAt: new Date(Date.now() - HOUR) }),
        ]);
      const seen: string[] = [];
      const ok = fakeBuild(seen);
      // A build fails while the snapshot holds the broken article.
      const build: BuildCommand = async (outDir, env) => {
        await ok(outDir, env);
        const snapshot = readSnapshotFile(env.CONTENT_SNAPSHOT ?? "");
        if (snapshot?.articles.some((a) => a.slug === "broken"))
          throw new Error("Cannot render /articles/broken/");
        return null;
      };
      const rebuild = start({ build });
      const broken = { action: "articles.publish", item: "broken", id: "id-broken" };
      const note = { action: "settings.update" };
      rebuild.contentChanged(broken);
      rebuild.contentChanged(note);
      await rebuild.idle();
      // The failed build named the article; its other change was built again without it. (Every
      // item a failed build changed is left out: two articles in one failed build both are.)
      const [retry, failed] = rebuild.status().runs;
      expect(failed).toMatchObject({ state: "failed", leftOut: [broken] });
      expect(failed?.errorLines[0]).toContain("/articles/broken/");
      expect(retry).toMatchObject({ state: "live", reasons: [note], leftOut: [broken] });
      expect(seen.at(-1)).toMatch(/ fine,live$/);

      // Another item's change publishes, the broken one still left out and flagged.
      rebuild.contentChanged({ action: "articles.update", item: "fine" });
      await rebuild.idle();
      expect(rebuild.status().runs[0]).toMatchObject({ state: "live", leftOut: [broken] });
      expect(seen.at(-1)).toMatch(/ fine,live$/);

      // Changed again, it is tried again (and, still broken, left out again).
      rebuild.contentChanged(broken);
      await rebuild.idle();
      expect(seen.at(-1)).toMatch(/ broken,fine,live$/);
      expect(rebuild.status().runs[0]).toMatchObject({ state: "failed", leftOut: [broken] });
    } finally {
      errors.mockRestore();
    }
  });

  it("a failed build keeps serving the old site, leaves no half folder and says why", async () => {
    const roots: SiteRoot[] = [];
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let warmed = 0;
    try {
      const rebuild = start({
        swap: (root) => roots.push(root),
        warm: () => {
          warmed += 1;
        },
        build: async (outDir) => {
          mkdirSync(outDir, { recursive: true });
          writeFileSync(join(outDir, "half.html"), "x");
          throw new Error(
            '\u001b[31mThe articles slug "x" is used twice\u001b[39m\n    at addDatabaseRows (loader.ts:84:10)\nRename one of them.',
          );
        },
      });
      rebuild.contentChanged({ action: "x" });
      await rebuild.idle();
      expect(roots).toEqual([]);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(readdirSync(join(dataDir, "site"))).toEqual([]);
      expect(
        readdirSync(stagingDir(process.cwd())).filter((n) => n.startsWith(`${process.pid}-`)),
      ).toHaveLength(0);
      const [run] = rebuild.status().runs;
      expect(run?.state).toBe("failed");
      expect(run?.errorLines).toEqual([
        'The articles slug "x" is used twice',
        "Rename one of them.",
      ]);
      // Whoever asks for the status gets a build process ready for the next try.
      expect(warmed).toBe(1);
    } finally {
      errors.mockRestore();
    }
  });

  it("removes half-made builds of servers that died, never another live server's", () => {
    const staging = scratch();
    const dead = join(staging, "2147483646-build-1");
    const mine = join(staging, `${process.pid}-build-1`);
    const parents = join(staging, `${process.ppid}-build-1`);
    for (const dir of [dead, mine, parents]) mkdirSync(dir);
    start({ staging });
    expect([existsSync(dead), existsSync(mine), existsSync(parents)]).toEqual([false, true, true]);
  });

  it("moves a folder whole", () => {
    const from = scratch();
    mkdirSync(join(from, "a", "b"), { recursive: true });
    writeFileSync(join(from, "a", "b", "index.html"), "x");
    const to = `${from}-moved`;
    moveDir(from, to);
    expect(existsSync(from)).toBe(false);
    expect(readFileSync(join(to, "a", "b", "index.html"), "utf8")).toBe("x");
    rmSync(to, { recursive: true, force: true });
  });
});
