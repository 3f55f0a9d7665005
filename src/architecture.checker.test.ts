import { describe, expect, it } from "vitest";
import {
  BROWSER_FORBIDDEN,
  type Edge,
  forbiddenChains,
  type Graph,
  importCycles,
  isServer,
  layeringViolations,
  parseModule,
  splitAstro,
  under,
} from "./architecture.test-support.ts";

// The checker of architecture.test.ts, on a graph made up to break every rule: a server import,
// a zod chain, a door and cycles.

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

describe("architecture checker", () => {
  it("the checker can fail: a made-up graph with a server import, a zod chain, a door and cycles", () => {
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

  it("the layering check can fail: SQL in a service, a route and a domain at a repository", () => {
    const server: Graph = new Map([
      ["src/server/a/service.ts", [bare("drizzle-orm"), file("src/server/a/repository.ts")]],
      ["src/server/a/routes.ts", [file("src/server/a/repository.ts")]],
      [
        "src/server/a/repository.ts",
        [bare("drizzle-orm/pg-core"), file("src/server/db/schema.ts")],
      ],
      ["src/server/b/service.ts", [file("src/server/a/items-repository.ts")]],
      ["src/server/b/rate.ts", [file("src/server/db/schema.ts", true)]],
      ["src/server/db/client.ts", [bare("drizzle-orm")]],
      ["src/server/b/b.test-support.ts", [bare("drizzle-orm")]],
    ]);
    expect(layeringViolations(server)).toEqual([
      "src/server/a/routes.ts → src/server/a/repository.ts: routes call services",
      "src/server/a/service.ts → drizzle-orm: SQL outside a repository",
      "src/server/b/rate.ts → src/server/db/schema.ts: SQL outside a repository",
      "src/server/b/service.ts → src/server/a/items-repository.ts: another domain's repository",
    ]);
  });
});
