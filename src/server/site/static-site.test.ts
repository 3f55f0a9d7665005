import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { observatoryScan } from "../../../tests/support/observatory/index.ts";
import { tempFolders, writeFiles } from "../../../tests/support/test-folders.ts";
import { directiveSources, writeHeadersFile } from "../../lib/inline-hashes.ts";
import { precompress } from "../../lib/precompress.ts";
import { formatRedirectsFile, REDIRECTS_FILE } from "../../lib/redirects-file.ts";
import {
  HEADERS_FILE,
  type HeaderRule,
  headersForPath,
  pageHeaders,
  parseHeadersFile,
} from "../../lib/security-headers.ts";
import { siteRootAt } from "./rebuild.ts";
import {
  assetGrace,
  createSiteApp,
  headerRulesOf,
  type ServedSite,
  servedSite,
} from "./static-site.ts";

const folder = tempFolders("blog-site-");

const page = (script: string) =>
  `<!doctype html><html lang="en"><head><title>t</title><script>${script}</script></head><body><main>x</main></body></html>`;

function builtSite(script = "document.documentElement.dataset.theme='dark'"): string {
  const dir = folder({
    "index.html": page(script),
    "about/index.html": page(script).replace("<main>x", `<main>${"About this site. ".repeat(100)}`),
    "404.html": page(script).replace("<main>x", "<main>Not found"),
    "_astro/app.abc123.js": `console.log(1);${"\n/* some more of the script */".repeat(60)}`,
    "photo-files/0123456789ab-400.webp": "RIFF",
    "og/0123456789abcdef.png": "PNG",
    "about/og/not-fingerprinted.png": "PNG",
  });
  writeHeadersFile(dir);
  return dir;
}

/** `npm start`'s app over one build, the API answering plainly. */
function appFor(dir: string) {
  let current: ServedSite = servedSite(siteRootAt(dir));
  const app = createSiteApp({
    api: () => new Response("{}", { headers: { "content-type": "application/json" } }),
    site: () => current,
  });
  return {
    app,
    swap: (next: string) => {
      current = servedSite(siteRootAt(next));
    },
  };
}

const rulesIn = (dir: string) => parseHeadersFile(readFileSync(join(dir, HEADERS_FILE), "utf8"));
const SECURITY = Object.keys(pageHeaders({ scripts: [], styles: [] }));
const security = (res: Response) =>
  Object.fromEntries(SECURITY.map((name) => [name, res.headers.get(name)]));

/** What Netlify sends for a path: `_headers` first, then netlify.toml (whose values win). */
const NetlifyToml = z.object({
  headers: z.array(z.object({ for: z.string(), values: z.record(z.string(), z.string()) })),
});
function netlifyRules(dir: string): HeaderRule[] {
  const toml = NetlifyToml.parse(parseToml(readFileSync("netlify.toml", "utf8")));
  return [...rulesIn(dir), ...toml.headers];
}

describe("npm start's static site", () => {
  it("sends the build's _headers with every file and the 404 page", async () => {
    const dir = builtSite();
    const { app } = appFor(dir);
    const rules = rulesIn(dir);
    for (const [path, status] of [
      ["/", 200],
      ["/about/", 200],
      ["/_astro/app.abc123.js", 200],
      ["/no/such/page", 404],
    ] as const) {
      const res = await app.request(path);
      expect(res.status, path).toBe(status);
      for (const [name, value] of Object.entries(headersForPath(rules, path))) {
        expect(res.headers.get(name), `${path} ${name}`).toBe(value);
      }
    }
    const missing = await app.request("/no/such/page");
    expect(await missing.text()).toContain("Not found");
    // Cache rules: fingerprinted assets forever, everything else revalidated.
    expect((await app.request("/_astro/app.abc123.js")).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(
      (await app.request("/photo-files/0123456789ab-400.webp")).headers.get("cache-control"),
    ).toBe("public, max-age=31536000, immutable");
    expect((await app.request("/og/0123456789abcdef.png")).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(
      (await app.request("/about/og/not-fingerprinted.png")).headers.get("cache-control"),
    ).toBe("public, max-age=0, must-revalidate");
    expect((await app.request("/about/")).headers.get("cache-control")).toBe(
      "public, max-age=0, must-revalidate",
    );
  });

  it("never serves the _headers file itself", async () => {
    const { app } = appFor(builtSite());
    for (const path of ["/_headers", "/%5Fheaders", "/%5fheaders"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("Content-Security-Policy");
    }
  });

  it("answers an imported item's old addresses with a 301, as Netlify reads _redirects", async () => {
    const dir = builtSite();
    writeFiles(dir, {
      [REDIRECTS_FILE]: formatRedirectsFile([
        { from: "/2019/05/hello-world/", to: "/about/" },
        { from: "/?p=12", to: "/about/" },
        // A file answers this path: the file wins, as on Netlify.
        { from: "/index.html", to: "/about/" },
      ]),
    });
    const { app } = appFor(dir);
    // The query goes on with the reader, as Netlify passes it on.
    const cases: Array<[string, string]> = [
      ["/2019/05/hello-world/", "/about/"],
      ["/2019/05/hello-world?ref=feed", "/about/?ref=feed"],
      ["/?p=12", "/about/?p=12"],
    ];
    for (const [path, to] of cases) {
      const res = await app.request(path);
      expect([path, res.status, res.headers.get("location")]).toEqual([path, 301, to]);
    }
    expect((await app.request("/?p=13")).status).toBe(200);
    expect((await app.request("/index.html")).status).toBe(200);
    expect((await app.request(`/${REDIRECTS_FILE}`)).status).toBe(404);
  });

  it("leaves /api to the API's own headers", async () => {
    const { app } = appFor(builtSite());
    const res = await app.request("/api/encryption-key");
    expect(res.headers.get("content-security-policy")).toBeNull();
  });

  it("hands the fediverse's public paths to the API under /api/federation", async () => {
    const asked: string[] = [];
    const app = createSiteApp({
      api: (request) => {
        const url = new URL(request.url);
        asked.push(`${request.method} ${url.pathname}${url.search}`);
        return new Response("{}");
      },
      site: () => servedSite(siteRootAt(builtSite())),
    });
    await app.request("/.well-known/webfinger?resource=acct:blog@example.com");
    await app.request("/.well-known/nodeinfo");
    await app.request("/ap/actor/blog/inbox", { method: "POST", body: "{}" });
    await app.request("/about/");
    expect(asked).toEqual([
      "GET /api/federation/.well-known/webfinger?resource=acct:blog@example.com",
      "GET /api/federation/.well-known/nodeinfo",
      "POST /api/federation/ap/actor/blog/inbox",
    ]);
  });

  it("serves the headers of the build it swapped to", async () => {
    const first = builtSite("a()");
    const second = builtSite("b()");
    const { app, swap } = appFor(first);
    const before = (await app.request("/")).headers.get("content-security-policy");
    swap(second);
    const after = (await app.request("/")).headers.get("content-security-policy");
    expect(before).toBe(headersForPath(rulesIn(first), "/")["Content-Security-Policy"]);
    expect(after).toBe(headersForPath(rulesIn(second), "/")["Content-Security-Policy"]);
    expect(after).not.toBe(before);
  });

  it("keeps serving the previous builds' hashed assets for the grace period after a swap", async () => {
    const first = builtSite();
    const second = builtSite();
    rmSync(join(second, "_astro/app.abc123.js"));
    writeFiles(second, { "_astro/app.def456.js": "console.log(2)" });
    await precompress(first);
    let clock = 1_000_000;
    const log: string[] = [];
    const grace = assetGrace({
      dir: folder(),
      graceMs: 60_000,
      now: () => clock,
      log: (line) => log.push(line),
    });
    let current = servedSite(siteRootAt(first));
    const app = createSiteApp({ api: () => new Response("{}"), site: () => current, grace });
    const swapTo = (dir: string) => {
      grace.retire(current.root.dir, dir);
      current = servedSite(siteRootAt(dir));
    };
    swapTo(second);
    // The build before is gone (removed two builds later): the kept copy answers.
    rmSync(first, { recursive: true, force: true });
    clock += 59_000;
    const old = await app.request("/_astro/app.abc123.js", {
      headers: { "Accept-Encoding": "br" },
    });
    expect(old.status).toBe(200);
    expect(old.headers.get("content-encoding")).toBe("br");
    expect(old.headers.get("cache-control")).toContain("immutable");
    expect(brotliDecompressSync(Buffer.from(await old.arrayBuffer())).toString()).toMatch(
      /^console\.log\(1\)/,
    );
    expect((await app.request("/_astro/app.def456.js")).status).toBe(200);
    // Only hashed assets are kept, never a page; nothing outside the kept names.
    expect((await app.request("/_astro/index.html")).status).toBe(404);
    expect(log).toEqual(["3 files of the previous build kept under /_astro/ for a while"]);
    // Another swap does not restart the first one's grace.
    const third = builtSite();
    rmSync(join(third, "_astro/app.abc123.js"));
    swapTo(third);
    clock += 1_000;
    expect((await app.request("/_astro/app.abc123.js")).status).toBe(404);
    // The second build's own chunk, which the third lacks, is kept from now on.
    rmSync(third, { recursive: true, force: true });
    const kept = await app.request("/_astro/app.def456.js");
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe("console.log(2)");
  });

  it("serves the precompressed file the request accepts, else the file itself, and answers 304 when unchanged", async () => {
    const dir = builtSite();
    await precompress(dir);
    const { app } = appFor(dir);
    const asset = "/_astro/app.abc123.js";
    const plain = readFileSync(join(dir, "_astro/app.abc123.js"), "utf8");

    const br = await app.request(asset, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);

    const gz = await app.request(asset, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);

    const none = await app.request(asset);
    expect(none.headers.get("content-encoding")).toBeNull();
    expect(none.headers.get("vary")).toContain("Accept-Encoding");
    expect(await none.text()).toBe(plain);

    // A page: revalidated, and unchanged since the browser's copy, 304 without a body.
    const page = await app.request("/about/", { headers: { "accept-encoding": "br" } });
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const modified = page.headers.get("last-modified") ?? "";
    expect(modified).not.toBe("");
    const again = await app.request("/about/", {
      headers: { "accept-encoding": "br", "if-modified-since": modified },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("content-encoding")).toBeNull();
    expect(again.headers.get("content-length")).toBeNull();
    expect(again.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(security(again)).toEqual(security(page));
    // Changed since (an older copy): the page itself.
    const older = await app.request("/about/", {
      headers: { "if-modified-since": new Date(Date.parse(modified) - 60_000).toUTCString() },
    });
    expect(older.status).toBe(200);
  });

  it("computes the headers of a build made before builds wrote them", () => {
    const dir = builtSite();
    const written = rulesIn(dir);
    rmSync(join(dir, HEADERS_FILE));
    const lines: string[] = [];
    expect(headerRulesOf(dir, (line) => lines.push(line))).toEqual(written);
    expect(lines).toEqual([`${HEADERS_FILE} missing in ${dir}: computed from its HTML`]);
  });

  it("scores at least 115 on the Observatory's rules, as served", async () => {
    const { app } = appFor(builtSite());
    const res = await app.request("/");
    const scan = observatoryScan({ headers: res.headers, body: await res.text() });
    expect(scan.score).toBe(135);
  });

  it("sends what Netlify sends from netlify.toml and the same _headers", async () => {
    const dir = builtSite();
    const { app } = appFor(dir);
    for (const path of ["/", "/about/", "/_astro/app.abc123.js"]) {
      const netlify = headersForPath(netlifyRules(dir), path);
      const res = await app.request(path);
      // Everything Netlify is told to send, npm start sends alike (cache rules included)…
      for (const [name, value] of Object.entries(netlify)) {
        expect(res.headers.get(name), `${path} ${name}`).toBe(value);
      }
      // …and no security header differs or is missing on either side.
      expect(security(res)).toEqual(
        Object.fromEntries(SECURITY.map((name) => [name, netlify[name] ?? null])),
      );
    }
  });
});

// The real build, when there is one (CI builds before the unit tests).
const dist = "dist";
describe.runIf(existsSync(join(dist, "index.html")))("npm start on the built site", () => {
  it("sends the same headers as Netlify for pages, assets and the 404 page, scoring at least 115", async () => {
    const { app } = appFor(dist);
    const asset = readdirSync(join(dist, "_astro")).find((name) => name.endsWith(".js"));
    const paths = ["/", "/about/", "/articles/", `/_astro/${asset}`, "/no-such-page"];
    for (const path of paths) {
      const res = await app.request(path);
      const netlify = headersForPath(netlifyRules(dist), path);
      expect(security(res), path).toEqual(
        Object.fromEntries(SECURITY.map((name) => [name, netlify[name] ?? null])),
      );
      if (res.status === 200 && path.endsWith("/")) {
        const scan = observatoryScan({ headers: res.headers, body: await res.text() });
        expect(scan.score, path).toBeGreaterThanOrEqual(115);
      }
    }
    expect(
      (await app.request(`/_astro/${asset}`)).headers.get("cache-control"),
      "netlify.toml's cache rule",
    ).toBe(headersForPath(netlifyRules(dist), `/_astro/${asset}`)["Cache-Control"]);
  });
});

describe("a hot render's overlay (hot-render.ts)", () => {
  const overlaid = () => {
    const dir = builtSite();
    const overlay = folder({
      "about/index.html": page("window.hot=1").replace("<main>x", "<main>About, rewritten"),
    });
    const hot = { scripts: ["'sha256-hot'"], styles: [] };
    const root = {
      ...siteRootAt(dir),
      overlay: {
        dir: overlay,
        files: ["about/index.html"],
        removed: ["index.html"],
        hashes: hot,
        rendered: 1,
        steps: "",
      },
    };
    const app = createSiteApp({ api: () => new Response("{}"), site: () => servedSite(root) });
    return { app, dir };
  };

  it("serves its pages over the build's, with and without the trailing slash", async () => {
    const { app } = overlaid();
    for (const path of ["/about/", "/about", "/about/index.html"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain("About, rewritten");
    }
  });

  it("answers 404 for a page it removed, and the build's files for the rest", async () => {
    const { app } = overlaid();
    expect((await app.request("/")).status).toBe(404);
    const script = await app.request("/_astro/app.abc123.js");
    expect(script.status).toBe(200);
    expect(await script.text()).toContain("console.log(1)");
  });

  it("allows its inline hashes beside the build's", async () => {
    const { app, dir } = overlaid();
    const csp = (await app.request("/about/")).headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("'sha256-hot'");
    const built = headersForPath(rulesIn(dir), "/")["Content-Security-Policy"] ?? "";
    const hashes = directiveSources(built, "script-src").filter((s) => s.startsWith("'sha"));
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(csp).toContain(hash);
  });
});
