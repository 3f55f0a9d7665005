import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

// The import graph of the code itself, and the rules architecture.test.ts checks on it.
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

export interface Edge {
  /** A repository path ("src/lib/x.ts") or a bare specifier ("zod"). */
  to: string;
  bare: boolean;
  /** `import type` / `export type`: erased, never loaded. */
  typeOnly: boolean;
  /** A path in a string, loaded by a tool rather than imported. */
  byPath?: boolean;
}
export type Graph = Map<string, Edge[]>;

export interface Parsed {
  imports: { specifier: string; typeOnly: boolean }[];
  /** Other string literals that look like paths to code files. */
  pathStrings: string[];
}

export function parseModule(fileName: string, text: string): Parsed {
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
export function splitAstro(text: string): { frontmatter: string; scripts: string[] } {
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

export const SCRIPT_SUFFIX = " <script>";

export interface Project {
  graph: Graph;
  /** Relative specifiers that found no file: a blind spot of the checker, so a failure. */
  unresolved: string[];
}

export function buildProject(): Project {
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

// ---- The rule functions: pure, over any graph (architecture.checker.test.ts runs them on a
// made-up one) ----

/** A known crossing: the edge `from → to` is allowed, for the reason given. */
export interface Door {
  from: string;
  to: string;
  why: string;
}

export interface ReachOptions {
  /** Skip `import type` edges (what runs: types are erased). */
  runtimeOnly?: boolean;
  doors?: readonly Door[];
}

/**
 * For each root, the shortest chain to each node `forbidden` accepts that it reaches, as
 * "a → b → c". Chains through a door are allowed; forbidden nodes are not entered.
 */
export function forbiddenChains(
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
export function importCycles(
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

/** A server module's domain: its folder under src/server ("" for the server's root files). */
const domainOf = (node: string) => node.split("/").slice(2, -1)[0] ?? "";
const fileName = (node: string) => node.slice(node.lastIndexOf("/") + 1);
const isRepository = (node: string) => /^(.+-)?repository\.ts$/.test(fileName(node));
const isRoutes = (node: string) => /^(.+-)?routes\.ts$/.test(fileName(node));

/**
 * The server's layers, as `from → to: rule` lines: only repositories (and the database's own
 * folder, src/server/db) import drizzle or the schema; routes import no repository; no domain
 * imports another domain's repository (it calls that domain's service). Test support is exempt.
 */
export function layeringViolations(graph: Graph): string[] {
  const found: string[] = [];
  for (const [from, edges] of graph) {
    if (!from.startsWith("src/server/") || from.includes("test-support")) continue;
    const inDb = from.startsWith("src/server/db/");
    for (const edge of edges) {
      const sql = edge.bare
        ? /^drizzle-orm(\/|$)/.test(edge.to)
        : edge.to === "src/server/db/schema.ts";
      if (sql && !inDb && !isRepository(from)) {
        found.push(`${from} → ${edge.to}: SQL outside a repository`);
      }
      if (edge.bare || !isRepository(edge.to)) continue;
      if (isRoutes(from)) found.push(`${from} → ${edge.to}: routes call services`);
      else if (domainOf(edge.to) !== domainOf(from)) {
        found.push(`${from} → ${edge.to}: another domain's repository`);
      }
    }
  }
  return found.sort();
}

// ---- What the boundaries are made of ----

/** Whether a node is one of the files or folders under any of `prefixes`. */
export const under =
  (...prefixes: string[]) =>
  (node: string) =>
    prefixes.some((p) => node === p || node.startsWith(p.endsWith("/") ? p : `${p}/`));

export const isServer = under("src/server");

/** Bare specifiers a visitor's browser must never load. */
export const BROWSER_FORBIDDEN = (node: string, edge: Edge) =>
  edge.bare && /^(zod|astro\/zod|astro:content|i18next|react-i18next)(\/|$)/.test(node);
