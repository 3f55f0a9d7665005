// Every built page through the W3C Nu HTML checker (vnu.jar from the `vnu-jar` package, run by
// the machine's Java: Debian's default-jre-headless, which .ci/run installs), in one run over all
// pages. Prints each page with errors (its messages with their line) and the total; exits 1 on
// any error. Warnings are left out (`--errors-only`).
// Usage: node scripts/check-html.ts [built site folder, default $DIST_DIR or dist]
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** One message of vnu's JSON report (only the fields read here). */
const vnuMessage = z.object({
  type: z.string(),
  subType: z.string().optional(),
  url: z.string().optional(),
  message: z.string().default(""),
  extract: z.string().optional(),
  firstLine: z.number().optional(),
  lastLine: z.number().optional(),
  firstColumn: z.number().optional(),
  lastColumn: z.number().optional(),
});
export type VnuMessage = z.infer<typeof vnuMessage>;
const vnuReport = z.object({ messages: z.array(vnuMessage) });

/**
 * Where the checker lags the standards it checks: markup that is valid today and that it still
 * reports. Each is matched by its message and by the markup it quotes, so the same message about
 * anything else still counts. Add one only with the standard that allows the markup.
 */
export const CHECKER_GAPS = [
  {
    message: /^A “link” element with a “blocking” attribute must have a “rel” attribute/,
    extract: /<link\b[^>]*\brel="expect"/,
    reason:
      "<link rel=expect blocking=render> (BaseLayout.astro): the HTML standard allows `blocking` on rel=expect since 2024 (whatwg/html#9970); the checker still knows only rel=stylesheet",
  },
  {
    message: /^CSS: “background(-image)?”: “ ” is an incorrect operator\.$/,
    extract:
      /-gradient\(\s*[^;"]*?\bin\s+(srgb|srgb-linear|display-p3|a98-rgb|prophoto-rgb|rec2020|lab|oklab|xyz|xyz-d50|xyz-d65|hsl|hwb|lch|oklch)\b/,
    reason:
      "a gradient's colour interpolation method (`linear-gradient(90deg in oklch, …)`, CSS Images 4 and CSS Color 4); the checker's CSS grammar predates it",
  },
  {
    message: /^CSS: “animation-timeline”: Property “animation-timeline” doesn't exist\.$/,
    // The message names the property itself; the quoted markup is cut short mid-word.
    extract: /(?:)/,
    reason:
      "`animation-timeline: scroll()` (CSS Animations 2 and Scroll-driven Animations 1: the reading-progress bar of article-head.css, inside @supports); the checker's CSS grammar lacks the property",
  },
] as const;

export type CheckerGap = (typeof CHECKER_GAPS)[number];

/** The checker gap a message is, if it is one. */
export function knownGap(message: VnuMessage): CheckerGap | undefined {
  return CHECKER_GAPS.find(
    (gap) => gap.message.test(message.message) && gap.extract.test(message.extract ?? ""),
  );
}

/** Whether a message counts as an error: vnu's errors, fatal ones and a page it could not read. */
export function isError(message: VnuMessage): boolean {
  return message.type === "error" || message.type === "non-document-error";
}

export interface PageErrors {
  /** The page's path inside the built site (`articles/x/index.html`). */
  page: string;
  errors: VnuMessage[];
}

export interface HtmlReport {
  pages: number;
  /** Pages with at least one error, in path order. */
  failing: PageErrors[];
  errors: number;
  /** Messages left out as known checker gaps, per gap. */
  gaps: Map<CheckerGap, number>;
}

/** The path of the page a vnu message is about, relative to the built site. */
export function pageOf(url: string | undefined, dir: string): string {
  if (!url) return "(no page)";
  let path: string;
  try {
    path = fileURLToPath(new URL(url));
  } catch {
    return url;
  }
  return relative(dir, path);
}

/** Sorts vnu's messages into errors per page and known gaps. */
export function summarize(messages: VnuMessage[], dir: string, pages: number): HtmlReport {
  const byPage = new Map<string, VnuMessage[]>();
  const gaps = new Map<CheckerGap, number>();
  let errors = 0;
  for (const message of messages) {
    if (!isError(message)) continue;
    const gap = knownGap(message);
    if (gap) {
      gaps.set(gap, (gaps.get(gap) ?? 0) + 1);
      continue;
    }
    const page = pageOf(message.url, dir);
    byPage.set(page, [...(byPage.get(page) ?? []), message]);
    errors++;
  }
  const failing = [...byPage]
    .map(([page, list]) => ({ page, errors: list }))
    .sort((a, b) => a.page.localeCompare(b.page));
  return { pages, failing, errors, gaps };
}

/** vnu's JSON report (it writes it on stderr); throws when it is not one. */
export function parseVnuOutput(text: string): VnuMessage[] {
  return vnuReport.parse(JSON.parse(text)).messages;
}

/** Every .html file under a folder, as absolute paths in a stable order. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".html"))
    .sort()
    .map((name) => resolve(dir, name));
}

function runVnu(files: string[]): Promise<string> {
  const jar = fileURLToPath(import.meta.resolve("vnu-jar/build/dist/vnu.jar"));
  const java = process.env.JAVA ?? "java";
  // A bounded heap: left to itself the JVM took 1.6 GB for the seed site's pages; with 768 MB
  // it takes the same CPU time.
  const args = [
    "-Xss4m",
    "-Xmx768m",
    "-jar",
    jar,
    "--format",
    "json",
    "--errors-only",
    "--exit-zero-always",
  ];
  return new Promise((done, fail) => {
    const child = spawn(java, [...args, ...files], { stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      fail(
        error.code === "ENOENT"
          ? new Error(`${java} not found: the checker needs Java (Debian: default-jre-headless)`)
          : error,
      ),
    );
    child.on("close", (code) =>
      code === 0 ? done(stderr) : fail(new Error(`vnu exited ${code}: ${stderr.slice(0, 2000)}`)),
    );
  });
}

function line(message: VnuMessage): string {
  const at =
    message.lastLine === undefined
      ? ""
      : `${message.lastLine}:${message.firstColumn ?? message.lastColumn ?? 0} `;
  const extract = message.extract ? `  «${message.extract.replace(/\s+/g, " ").trim()}»` : "";
  return `  ${at}${message.message}${extract}`;
}

async function main() {
  const dir = resolve(process.argv[2] ?? process.env.DIST_DIR ?? "dist");
  const files = htmlFiles(dir);
  if (files.length === 0) {
    console.error(`check-html: no pages in ${dir}: run \`npm run build\` first`);
    process.exit(1);
  }
  const started = performance.now();
  const report = summarize(parseVnuOutput(await runVnu(files)), dir, files.length);
  for (const { page, errors } of report.failing) {
    console.log(`${page}: ${errors.length} ${errors.length === 1 ? "error" : "errors"}`);
    for (const message of errors) console.log(line(message));
  }
  for (const [gap, count] of report.gaps) {
    console.log(`left out, ${count}×: ${gap.reason}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `check-html: ${report.pages} pages, ${report.errors} errors on ${report.failing.length} pages (${report.pages - report.failing.length} pages without any), in ${seconds} s`,
  );
  process.exitCode = report.errors > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`check-html: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
