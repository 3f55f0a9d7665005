import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BROWSER_FORBIDDEN,
  buildProject,
  type Door,
  forbiddenChains,
  importCycles,
  isServer,
  layeringViolations,
  SCRIPT_SUFFIX,
  under,
} from "./architecture.test-support.ts";

// The boundaries ARCHITECTURE.md promises, checked on the import graph of the code itself:
// who may reach server code, no cycles, and no zod or i18next in what a visitor's browser loads.
// How the graph is read: architecture.test-support.ts; that the checks can fail:
// architecture.checker.test.ts.

/** The only ways from the site's build (and its config) into server code. */
const DOORS: readonly Door[] = [
  {
    from: "src/lib/content-source.ts",
    to: "src/server/site/source.ts",
    why:
      "The content loader must read the database, which is server code (drivers, the embedded " +
      "database's lock, the queries), and in a build no server runs that could hand it over. " +
      "content-source.ts is the interface between the two sides, and this dynamic import, run " +
      "only when a collection loads, is its one way in.",
  },
  {
    from: "astro.config.mjs",
    to: "src/server/dev.ts",
    why:
      "`astro dev` serves the API at /api: the config's Vite plugin loads the server's dev " +
      "entry by path (ssrLoadModule), so Vite reloads it when server code changes. It is " +
      "never imported into the config's own module graph.",
  },
];

/**
 * The one way from browser code to server code, and it carries types only: the typed API client
 * derives its calls from the server app's type (Hono's `hc`). An `import type` is erased when
 * compiled, so no server code reaches a browser; the test below checks it stays type-only.
 */
const TYPE_DOORS: readonly Door[] = [
  {
    from: "src/shared/api-client.ts",
    to: "src/server/http/app.ts",
    why:
      "The browser's calls are typed by the routes they call: a renamed path, field or " +
      "parameter is a type error in the island. `import type { App }` is the whole edge.",
  },
];

/**
 * Cycles made only by `import type`, left to be removed: the back office's screen registry
 * (`src/islands/admin/screens.ts`) imports the screens and defines `ScreenProps`, which the
 * screens import back as a type. Moving `ScreenProps` into a module of its own removes it.
 */
const KNOWN_TYPE_ONLY_CYCLES: string[] = [];

/**
 * Where an .astro file prints HTML it did not write itself (`set:html`), and who made it safe.
 * Everything else is printed by components, which Astro escapes.
 */
const RAW_HTML: Record<string, { count: number; why: string }> = {
  "src/components/HeadScript.astro": { count: 1, why: "the project's own head script" },
  "src/pages/register-login.astro": { count: 1, why: "the project's own inline script" },
  "src/components/labs/LabExperiment.astro": {
    count: 2,
    why: "Shiki's highlighting of the project's own source files (src/lib/labs.ts)",
  },
  "src/components/GeneratedCover.astro": {
    count: 1,
    why: "SVG shapes made of numbers and class names only (src/lib/covers/generated.ts)",
  },
};

describe("architecture", () => {
  const { graph, unresolved } = buildProject();
  const nodes = [...graph.keys()];

  it("reads every import: each relative specifier resolves to a file", () => {
    expect(nodes.length).toBeGreaterThan(100);
    expect(graph.get("src/content.config.ts")?.length).toBeGreaterThan(0);
    expect(unresolved).toEqual([]);
  });

  it("islands, stores, shared code, i18n and directives never import src/server, directly or transitively", () => {
    const roots = nodes.filter(
      under("src/islands", "src/stores", "src/shared", "src/i18n", "src/directives"),
    );
    expect(roots.length).toBeGreaterThan(20);
    // Only the typed client's door applies, and it is a type: nothing of the server runs here.
    expect(forbiddenChains(graph, roots, isServer, { doors: TYPE_DOORS })).toEqual([]);
    for (const door of TYPE_DOORS) {
      const edges = (graph.get(door.from) ?? []).filter((e) => isServer(e.to));
      expect(edges).toEqual([{ to: door.to, bare: false, typeOnly: true }]);
    }
  });

  it("build-time code (lib, components, layouts, pages, content config) and astro.config.mjs reach src/server only through the named doors", () => {
    const roots = nodes.filter(
      under(
        "src/lib",
        "src/components",
        "src/layouts",
        "src/pages",
        "src/content.config.ts",
        "astro.config.mjs",
      ),
    );
    expect(roots).toContain("astro.config.mjs");
    expect(forbiddenChains(graph, roots, isServer, { doors: [...DOORS, ...TYPE_DOORS] })).toEqual(
      [],
    );
    for (const door of DOORS) {
      // Each door is an edge that exists, and the only way into server code from its file.
      const edges = graph.get(door.from) ?? [];
      expect(edges.map((e) => e.to)).toContain(door.to);
      expect(edges.filter((e) => isServer(e.to) && e.to !== door.to)).toEqual([]);
    }
  });

  it("has no import cycles in src/", () => {
    // None through imports that load code: each would make the order modules run in matter.
    expect(importCycles(graph, under("src"), { runtimeOnly: true })).toEqual([]);
    // Counting `import type` too (erased when compiled, so harmless when running, but a
    // tangle all the same): only the known ones, none new.
    expect(importCycles(graph, under("src"))).toEqual(KNOWN_TYPE_ONLY_CYCLES);
  });

  it("visitor islands, stores, directives and components' client scripts never load zod or i18next, transitively", () => {
    const visitorIslands = nodes.filter(
      (n) => under("src/islands")(n) && !under("src/islands/admin")(n),
    );
    const scripts = nodes.filter((n) => n.endsWith(SCRIPT_SUFFIX));
    const roots = [...visitorIslands, ...nodes.filter(under("src/stores", "src/directives"))];
    expect(visitorIslands.length).toBeGreaterThan(10);
    expect(scripts.length).toBeGreaterThan(0);
    // Types are erased: `import type` from a module that uses zod loads nothing.
    expect(
      forbiddenChains(graph, [...roots, ...scripts], BROWSER_FORBIDDEN, { runtimeOnly: true }),
    ).toEqual([]);
  });

  it("visitor islands, stores, directives and components' client scripts carry no back-office words", () => {
    // Every message (core.ts, or index.ts with i18next) is about 35 KB gzip more than the
    // visitor side's (reader.ts) or the labs' (labs.ts).
    const visitorIslands = nodes.filter(
      (n) => under("src/islands")(n) && !under("src/islands/admin")(n),
    );
    const roots = [
      ...visitorIslands,
      ...nodes.filter(under("src/stores", "src/directives")),
      ...nodes.filter((n) => n.endsWith(SCRIPT_SUFFIX)),
    ];
    const everyMessage = (node: string) =>
      node === "src/i18n/core.ts" || node === "src/i18n/index.ts";
    expect(forbiddenChains(graph, roots, everyMessage, { runtimeOnly: true })).toEqual([]);
  });

  it("prints HTML it did not write only where RAW_HTML says who made it safe", () => {
    const found: Record<string, number> = {};
    for (const file of nodes.filter((n) => n.endsWith(".astro"))) {
      const count = readFileSync(file, "utf8").split("set:html").length - 1;
      if (count > 0) found[file] = count;
    }
    const allowed = Object.fromEntries(Object.entries(RAW_HTML).map(([f, r]) => [f, r.count]));
    expect(found).toEqual(allowed);
  });

  it("keeps every source file of src/ at 400 lines or fewer (tests and their support aside)", () => {
    const long = readdirSync("src", { recursive: true, encoding: "utf8" })
      .filter((file) => /\.(ts|tsx|astro|css|mjs)$/.test(file))
      .filter((file) => !/\.test\.|test-support|\.spec\./.test(file))
      .map((file) => ({ file, lines: readFileSync(`src/${file}`, "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > 400)
      .map(({ file, lines }) => `src/${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it("the server's layers: SQL only in repositories, routes call services, domains meet in services", () => {
    expect(layeringViolations(graph)).toEqual([]);
  });

  it("back-office features import only app/, code outside the back office and themselves; app/ no feature", () => {
    const ADMIN = "src/islands/admin/";
    /** The feature folder a module is in; "" for the back office's own root modules. */
    const folderOf = (node: string) => node.slice(ADMIN.length).split("/").slice(0, -1)[0] ?? "";
    const crossings: string[] = [];
    for (const from of nodes.filter((n) => n.startsWith(ADMIN))) {
      const feature = folderOf(from);
      if (feature === "") continue; // AdminApp and screens.ts put the features together.
      for (const { to } of graph.get(from) ?? []) {
        if (!to.startsWith(ADMIN)) continue;
        const target = folderOf(to);
        const root = target === "" && !/\/(AdminApp\.tsx|screens\.ts)$/.test(to);
        if (root || target === "app" || target === feature) continue;
        crossings.push(`${from} -> ${to}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
