import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The boundaries ARCHITECTURE.md promises, checked on the import graph of the code itself:
// who may reach server code, no cycles, and no zod or i18next in what a visitor's browser loads.
//
// The graph: every .ts/.tsx/.mts/.mjs/.js/.astro file under src/, functions/ and scripts/, and
// astro.config.mjs. Edges, read with TypeScript's own parser (so comments never count):
//   - every `import … from`, `export … from`, side-effect `import "…"`, `import("…")` with a
//     string literal and `typeof import("…")`; `import type` and `export type` are marked
//     type-only (erased when compiled);
//   - every other string literal that is a path to a code file of the repository ("./src/…",
//     "/src/…"): code loaded by path through a tool (Vite's ssrLoadModule, a client directive's
//     entrypoint), so a string cannot hide a dependency.
// An .astro file's frontmatter is its node; its processed <script> blocks (the code Astro
// bundles for the browser) are a second node, "<file> <script>", which the file depends on.
// Relative and root-absolute specifiers resolve to files as Vite resolves them; bare ones
// ("zod", "node:fs") stay names. Tests (*.test.*) are left out: they ship nowhere, and may
// reach across a boundary to check one side against the other.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SCANNED_DIRS = ["src", "functions", "scripts"];
const SCANNED_FILES = ["astro.config.mjs"];
const CODE = /\.(ts|tsx|mts|mjs|js|astro)$/;
const RESOLVE_EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js", ".astro"];
const PATH_STRING = /^(\.{1,2}\/|\/)\S*\.(ts|tsx|mts|mjs|js|astro)$/;

interface Edge {
  /** A repository path ("src/lib/x.ts") or a bare specifier ("zod"). */
  to: string;
  bare: boolean;
  /** `import type` / `export type`: erased, never loaded. */
  typeOnly: boolean;
  /** A path in a string, loaded by a tool rather than imported. */
  byPath?: boolean;
}
type Graph = Map<string, Edge[]>;

interface Parsed {
  imports: { specifier: string; typeOnly: boolean }[];
  /** Other string literals that look like paths to code files. */
  pathStrings: string[];
}

function parseModule(fileName: string, text: string): Parsed {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const parsed: Parsed = { imports: [], pathStrings: [] };
  const specifierNodes = new Set<ts.Node>();
  const literal = (node: ts.Node | undefined) =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      ? node.text
      : undefined;
  const add = (node: ts.Node | undefined, typeOnly: boolean) => {
    const specifier = literal(node);
    if (!node || specifier === undefined) return;
    specifierNodes.add(node);
    parsed.imports.push({ specifier, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      add(node.moduleSpecifier, node.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    ) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (!specifierNodes.has(node)) {
      const text = literal(node);
      if (text !== undefined && PATH_STRING.test(text)) parsed.pathStrings.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return parsed;
}

/** An .astro file's frontmatter and its processed (not `is:inline`) <script> blocks. */
function splitAstro(text: string): { frontmatter: string; scripts: string[] } {
  const fence = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  const frontmatter = fence?.[1] ?? "";
  const template = fence ? text.slice(fence[0].length) : text;
  const scripts: string[] = [];
  for (const match of template.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    // is:inline scripts (set:html ones too) are printed as written, never bundled.
    if (/\bis:inline\b|\bset:html\b|\bsrc=/.test(match[1] ?? "")) continue;
    scripts.push(match[2] ?? "");
  }
  return { frontmatter, scripts };
}

function listFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir))) {
      const path = `${dir}/${name}`;
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (CODE.test(name) && !/\.test\.[a-z]+$/.test(name)) files.push(path);
    }
  };
  for (const dir of SCANNED_DIRS) walk(dir);
  for (const file of SCANNED_FILES) if (existsSync(join(ROOT, file))) files.push(file);
  return files.sort();
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** A relative or root-absolute specifier to a repository path, as Vite finds it; else null. */
function resolveSpecifier(fromFile: string, specifier: string): string | null {
  const path = specifier.split("?")[0] ?? specifier;
  const base = path.startsWith("/")
    ? join(ROOT, path)
    : resolve(dirname(join(ROOT, fromFile)), path);
  const found = [
    base,
    ...RESOLVE_EXTENSIONS.map((ext) => base + ext),
    ...RESOLVE_EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ].find(isFile);
  return found ? relative(ROOT, found).split("\\").join("/") : null;
}

const isPathSpecifier = (specifier: string) =>
  specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/");

const SCRIPT_SUFFIX = " <script>";

interface Project {
  graph: Graph;
  /** Relative specifiers that found no file: a blind spot of the checker, so a failure. */
  unresolved: string[];
}

function buildProject(): Project {
  const graph: Graph = new Map();
  const unresolved: string[] = [];
  const addNode = (node: string, file: string, parsed: Parsed) => {
    const edges: Edge[] = graph.get(node) ?? [];
    for (const { specifier, typeOnly } of parsed.imports) {
      if (!isPathSpecifier(specifier)) {
        edges.push({ to: specifier, bare: true, typeOnly });
        continue;
      }
      const target = resolveSpecifier(file, specifier);
      if (target) edges.push({ to: target, bare: false, typeOnly });
      else unresolved.push(`${node}: "${specifier}"`);
    }
    for (const path of parsed.pathStrings) {
      // A string that names no file of ours (a URL path such as "/pagefind-en-US/pagefind.js") loads nothing of ours.
      const target = resolveSpecifier(file, path);
      if (target) edges.push({ to: target, bare: false, typeOnly: false, byPath: true });
    }
    graph.set(node, edges);
  };
  for (const file of listFiles()) {
    const text = readFileSync(join(ROOT, file), "utf8");
    if (!file.endsWith(".astro")) {
      addNode(file, file, parseModule(file, text));
      continue;
    }
    const { frontmatter, scripts } = splitAstro(text);
    addNode(file, file, parseModule(`${file}.ts`, frontmatter));
    if (scripts.length) {
      const client = file + SCRIPT_SUFFIX;
      for (const script of scripts) addNode(client, file, parseModule(`${file}.script.ts`, script));
      graph.get(file)?.push({ to: client, bare: false, typeOnly: false });
    }
  }
  return { graph, unresolved };
}

// ---- The rule functions: pure, over any graph (the last test runs them on a made-up one) ----

/** A known crossing: the edge `from → to` is allowed, for the reason given. */
interface Door {
  from: string;
  to: string;
  why: string;
}

interface ReachOptions {
  /** Skip `import type` edges (what runs: types are erased). */
  runtimeOnly?: boolean;
  doors?: readonly Door[];
}

/**
 * For each root, the shortest chain to each node `forbidden` accepts that it reaches, as
 * "a → b → c". Chains through a door are allowed; forbidden nodes are not entered.
 */
function forbiddenChains(
  graph: Graph,
  roots: Iterable<string>,
  forbidden: (node: string, edge: Edge) => boolean,
  options: ReachOptions = {},
): string[] {
  const chains: string[] = [];
  const isDoor = (from: string, to: string) =>
    (options.doors ?? []).some((d) => d.from === from && d.to === to);
  for (const root of roots) {
    const parent = new Map<string, string | null>([[root, null]]);
    const queue = [root];
    const hits = new Map<string, string>();
    while (queue.length) {
      const node = queue.shift() as string;
      for (const edge of graph.get(node) ?? []) {
        if ((options.runtimeOnly && edge.typeOnly) || isDoor(node, edge.to)) continue;
        if (forbidden(edge.to, edge)) {
          if (!hits.has(edge.to)) hits.set(edge.to, node);
          continue;
        }
        if (edge.bare || parent.has(edge.to)) continue;
        parent.set(edge.to, node);
        queue.push(edge.to);
      }
    }
    for (const [target, at] of hits) {
      const chain = [target];
      for (let node: string | null = at; node !== null; node = parent.get(node) ?? null) {
        chain.unshift(node);
      }
      chains.push(chain.join(" → "));
    }
  }
  return chains;
}

/**
 * Every import cycle among the nodes `inScope` accepts: one line per strongly connected group
 * (its files, then one cycle through them), sorted.
 */
function importCycles(
  graph: Graph,
  inScope: (node: string) => boolean,
  options: { runtimeOnly?: boolean } = {},
): string[] {
  const successors = (node: string) =>
    (graph.get(node) ?? [])
      .filter((e) => !e.bare && inScope(e.to) && !(options.runtimeOnly && e.typeOnly))
      .map((e) => e.to);
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of successors(node)) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || successors(node).includes(node)) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].filter(inScope).sort()) {
    if (!index.has(node)) connect(node);
  }
  const describeGroup = (group: string[]) => {
    // The shortest way from the group's first file back to itself, within the group.
    const start = group[0] as string;
    const members = new Set(group);
    const parent = new Map<string, string>();
    const queue = [start];
    let last: string | undefined;
    while (queue.length && last === undefined) {
      const node = queue.shift() as string;
      for (const next of successors(node)) {
        if (next === start) {
          last = node;
          break;
        }
        if (members.has(next) && !parent.has(next)) {
          parent.set(next, node);
          queue.push(next);
        }
      }
    }
    const cycle = [start];
    for (let node = last; node !== undefined && node !== start; node = parent.get(node)) {
      cycle.splice(1, 0, node);
    }
    cycle.push(start);
    return `${group.join(", ")} (${cycle.join(" → ")})`;
  };
  return groups.map(describeGroup).sort();
}

// ---- The boundaries ----

const under =
  (...prefixes: string[]) =>
  (node: string) =>
    prefixes.some((p) => node === p || node.startsWith(p.endsWith("/") ? p : `${p}/`));

const isServer = under("src/server");

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

/** Bare specifiers a visitor's browser must never load. */
const BROWSER_FORBIDDEN = (node: string, edge: Edge) =>
  edge.bare && /^(zod|astro\/zod|astro:content|i18next|react-i18next)(\/|$)/.test(node);

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

  it("the checker can fail: a made-up graph with a server import, a zod chain, a door and cycles", () => {
    const file = (to: string, typeOnly = false): Edge => ({ to, bare: false, typeOnly });
    const bare = (to: string, typeOnly = false): Edge => ({ to, bare: true, typeOnly });
    const fake: Graph = new Map([
      ["src/islands/a.tsx", [file("src/shared/b.ts"), file("src/stores/s.ts")]],
      ["src/shared/b.ts", [file("src/server/c.ts")]],
      ["src/server/c.ts", []],
      ["src/stores/s.ts", [file("src/shared/rules.ts"), file("src/shared/types.ts", true)]],
      ["src/shared/rules.ts", [bare("zod")]],
      ["src/shared/types.ts", [bare("i18next")]],
      ["src/lib/loader.ts", [file("src/lib/door.ts")]],
      ["src/lib/door.ts", [file("src/server/source.ts"), file("src/server/c.ts", true)]],
      ["src/server/source.ts", []],
      ["src/x.ts", [file("src/y.ts")]],
      ["src/y.ts", [file("src/z.ts")]],
      ["src/z.ts", [file("src/x.ts"), file("src/self.ts")]],
      ["src/self.ts", [file("src/self.ts")]],
      ["src/p.ts", [file("src/q.ts")]],
      ["src/q.ts", [file("src/p.ts", true)]],
    ]);
    expect(forbiddenChains(fake, ["src/islands/a.tsx", "src/stores/s.ts"], isServer)).toEqual([
      "src/islands/a.tsx → src/shared/b.ts → src/server/c.ts",
    ]);
    expect(
      forbiddenChains(fake, ["src/islands/a.tsx"], BROWSER_FORBIDDEN, { runtimeOnly: true }),
    ).toEqual(["src/islands/a.tsx → src/stores/s.ts → src/shared/rules.ts → zod"]);
    expect(forbiddenChains(fake, ["src/stores/s.ts"], BROWSER_FORBIDDEN)).toEqual([
      "src/stores/s.ts → src/shared/rules.ts → zod",
      "src/stores/s.ts → src/shared/types.ts → i18next",
    ]);
    // A door lets one edge through, not the others of its file.
    const door = { from: "src/lib/door.ts", to: "src/server/source.ts", why: "test" };
    expect(forbiddenChains(fake, ["src/lib/loader.ts"], isServer)).toEqual([
      "src/lib/loader.ts → src/lib/door.ts → src/server/source.ts",
      "src/lib/loader.ts → src/lib/door.ts → src/server/c.ts",
    ]);
    expect(forbiddenChains(fake, ["src/lib/loader.ts"], isServer, { doors: [door] })).toEqual([
      "src/lib/loader.ts → src/lib/door.ts → src/server/c.ts",
    ]);
    expect(importCycles(fake, under("src"))).toEqual([
      "src/p.ts, src/q.ts (src/p.ts → src/q.ts → src/p.ts)",
      "src/self.ts (src/self.ts → src/self.ts)",
      "src/x.ts, src/y.ts, src/z.ts (src/x.ts → src/y.ts → src/z.ts → src/x.ts)",
    ]);
    expect(importCycles(fake, under("src"), { runtimeOnly: true })).toEqual([
      "src/self.ts (src/self.ts → src/self.ts)",
      "src/x.ts, src/y.ts, src/z.ts (src/x.ts → src/y.ts → src/z.ts → src/x.ts)",
    ]);
    // The readers: .astro parts, and what counts as an import.
    expect(
      splitAstro(
        "---\nimport A from './a';\n---\n<script is:inline>x</script><script>import 'b'</script>",
      ),
    ).toEqual({ frontmatter: "import A from './a';", scripts: ["import 'b'"] });
    expect(
      parseModule(
        "t.ts",
        `import type { A } from "a"; import { b } from "b"; export * from "c";
         export type { D } from "d"; import "e"; // import "not-me"
         const f = await import("f"); const s = "import('not-an-import')";
         type G = typeof import("g"); server.ssrLoadModule("/src/h.ts"); const u = "/x/y.css";`,
      ),
    ).toEqual({
      imports: [
        { specifier: "a", typeOnly: true },
        { specifier: "b", typeOnly: false },
        { specifier: "c", typeOnly: false },
        { specifier: "d", typeOnly: true },
        { specifier: "e", typeOnly: false },
        { specifier: "f", typeOnly: false },
        { specifier: "g", typeOnly: true },
      ],
      pathStrings: ["/src/h.ts"],
    });
  });
});
