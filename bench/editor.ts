// `npm run bench:editor`: the writing desk's editor on `npm start`. How long after the last
// keystroke the preview shows a 5000-word article with 20 code blocks and 20 formulas (typed in
// a real browser, timed in the page from the key to the preview's change), and how much
// JavaScript the editor adds, which only the back office may load.
// Prints numbers and checks them against bench/budgets.json; exits 1 when a budget is missed.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { init } from "es-module-lexer";
import { chromiumArgs, fullChromium } from "../playwright.config.ts";
import { dependenciesOf } from "../src/lib/module-preload.ts";
import { attribute, elementsOf, parsePage } from "../src/lib/parsed-html.ts";
import { Checks } from "./checks.ts";
import { DEMO, encryptedPassword, ensureBuilt, startServer, stopServer } from "./server.ts";

declare global {
  interface Window {
    /** When the preview changed, in the page's time (set by this bench). */
    benchChanges?: number[];
  }
}

interface Budget {
  edits: number;
  maxPreviewP95Ms: number;
  maxEditorJsGzipBytes: number;
}

const budget: Budget = JSON.parse(
  readFileSync(new URL("./budgets.json", import.meta.url), "utf8"),
).editor;
const port = Number(process.env.BENCH_PORT || 4393);
const base = `http://127.0.0.1:${port}`;
const dist = process.env.DIST_DIR || "dist";
const checks = new Checks(1);

/** The article the issue names: about 5000 words, 20 code blocks, 20 display formulas. */
export function longArticle(): string {
  const words =
    "Static pages are settled long before a reader arrives so the server hands over what it already has and the browser paints it at once. ";
  const parts: string[] = [];
  for (let i = 1; i <= 20; i++) {
    parts.push(
      `## Section ${i}`,
      words.repeat(9).trim(),
      `Inline math $a_${i}^2 + b^2 = c^2$ here.`,
    );
    parts.push(
      `\`\`\`ts\nexport function step${i}(input: number[]): number {\n  return input.map((n) => n * ${i}).reduce((a, b) => a + b, 0);\n}\n\`\`\``,
    );
    parts.push(`$$\n\\sum_{k=1}^{${i}} k^2 = \\frac{${i}(${i}+1)(2\\cdot ${i}+1)}{6}\n$$`);
  }
  return `${parts.join("\n\n")}\n`;
}

/** Every file under `dir`. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Each chunk's closure, made once: every visitor page names the same few chunks. */
const closures = new Map<string, Set<string>>();

/** The chunks a module imports statically (what loads with it), itself included, by name. */
function staticClosure(chunk: string): Set<string> {
  const known = closures.get(chunk);
  if (known) return known;
  const read = (url: string) => {
    try {
      return readFileSync(join(dist, url), "utf8");
    } catch {
      return null;
    }
  };
  const url = `/_astro/${chunk}`;
  const closure = new Set([url, ...dependenciesOf(url, read)].map((each) => basename(each)));
  closures.set(chunk, closure);
  return closure;
}

/** The chunks of this site a page names: its scripts, their preloads and its islands'. */
function chunksOf(html: string): string[] {
  const named = [...elementsOf(parsePage(html))].flatMap((element) =>
    ["src", "href", "component-url", "renderer-url"].flatMap((name) => {
      const value = attribute(element, name);
      return value?.startsWith("/_astro/") && value.endsWith(".js") ? [basename(value)] : [];
    }),
  );
  return [...new Set(named)];
}

const gzipped = new Map<string, number>();
/** A chunk's size, gzip -9, compressed once. */
function gzipBytes(chunk: string): number {
  let bytes = gzipped.get(chunk);
  if (bytes === undefined) {
    bytes = gzipSync(readFileSync(join(dist, "_astro", chunk)), { level: 9 }).length;
    gzipped.set(chunk, bytes);
  }
  return bytes;
}

/**
 * The editor's own JavaScript (its chunk and what only it imports, gzip -9), and the public
 * pages whose scripts would load over 1 KB of it (there must be none). A little is shared on
 * purpose: the Markdown lab's demo imports KaTeX's stylesheet as the editor does, and with it
 * the 0.1 KB chunk that stands for it.
 */
function editorBundle() {
  const chunks = readdirSync(join(dist, "_astro")).filter((f) => f.endsWith(".js"));
  const editor = chunks.find((f) => f.startsWith("MarkdownEditor."));
  if (!editor) throw new Error("no MarkdownEditor chunk in the build");
  const admin = chunks.find((f) => f.startsWith("AdminApp."));
  const shared = admin ? staticClosure(admin) : new Set<string>();
  const own = [...staticClosure(editor)].filter((c) => !shared.has(c));
  const bytes = own.reduce((sum, c) => sum + gzipBytes(c), 0);
  const visitorPages = files(dist).filter(
    (f) => f.endsWith(".html") && !relative(dist, f).startsWith("bms"),
  );
  const loading = visitorPages.filter((page) => {
    const loaded = new Set(
      chunksOf(readFileSync(page, "utf8")).flatMap((c) => [...staticClosure(c)]),
    );
    return own.filter((c) => loaded.has(c)).reduce((sum, c) => sum + gzipBytes(c), 0) > 1024;
  });
  return { bytes, chunks: own.length, visitorPages: visitorPages.length, loading };
}

async function previewLatency(): Promise<number[]> {
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO.email, password: await encryptedPassword(base) }),
  });
  const { data: user } = (await login.json()) as { data: unknown };
  const browser = await chromium.launch({ ...fullChromium(), args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript((info) => {
      localStorage.setItem("user-info", JSON.stringify(info));
      localStorage.setItem("app-locale", "en-US");
      localStorage.setItem("bms-editor-mode", "split");
    }, user);
    await page.goto(`${base}/bms/editarticle`);
    const text = page.locator(".cm-content");
    await text.waitFor({ timeout: 60_000 });
    await text.fill(longArticle());
    await page.locator(".md-preview h2").nth(19).waitFor({ timeout: 60_000 });
    // The preview's changes, timed in the page.
    await page.evaluate(() => {
      const pane = document.querySelector(".md-preview");
      window.benchChanges = [];
      if (pane) {
        new MutationObserver(() => window.benchChanges?.push(performance.now())).observe(pane, {
          childList: true,
          subtree: true,
          characterData: true,
        });
      }
    });
    const times: number[] = [];
    for (let i = 0; i < budget.edits; i++) {
      const marker = `edit${i}x`;
      // Typed into the middle of the article, key by key.
      await page.evaluate(
        (n) => {
          window.benchChanges = [];
          const line = document.querySelectorAll(".cm-line")[n];
          line?.scrollIntoView();
        },
        4 * (i % 20),
      );
      await text.press("Control+Home");
      for (let k = 0; k < i * 4 + 2; k++) await text.press("ArrowDown");
      await text.press("End");
      await page.keyboard.type(` ${marker}`);
      const last = await page.evaluate(() => performance.now());
      await page.waitForFunction(
        (m) => document.querySelector(".md-preview-body")?.textContent?.includes(m),
        marker,
        { timeout: 10_000 },
      );
      const shown = await page.evaluate(
        (at) => window.benchChanges?.filter((t) => t >= at).at(-1) ?? performance.now(),
        last,
      );
      times.push(shown - last);
    }
    return times;
  } finally {
    await browser.close();
  }
}

ensureBuilt();
await init;
const bundle = editorBundle();
checks.atMost(
  `editor JavaScript, gzip -9 (${bundle.chunks} chunks the back office loads only with an editor)`,
  bundle.bytes,
  "B",
  budget.maxEditorJsGzipBytes,
);
checks.exactly(
  `visitor pages (of ${bundle.visitorPages}) whose scripts load over 1 KB of the editor`,
  bundle.loading.length,
  "",
  0,
);

const dataDir = mkdtempSync(join(tmpdir(), "blog-bench-editor-"));
const { child } = await startServer(port, dataDir);
try {
  const times = (await previewLatency()).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  checks.record("preview after the last keystroke, median", at(0.5), "ms", null);
  checks.atMost(
    `preview after the last keystroke, p95 (${times.length} edits of a 5000-word article)`,
    at(0.95),
    "ms",
    budget.maxPreviewP95Ms,
  );
} finally {
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}

checks.print();
checks.conclude();
