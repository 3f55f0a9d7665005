// One background build of `npm start`, in a process of its own (src/server/site/rebuild.ts).
// The process is started ahead of need: it loads Astro and Pagefind (more than a second of a
// core), says "ready" and waits; the build request then only pays for the build. One build per
// process, so nothing of one build (Vite's module graph, Astro's settings, the content store)
// leaks into the next.
//
// Messages (IPC): in { type: "build", outDir, env, keepDir? }; out { type: "ready" },
// { type: "done", pages }, { type: "failed", lines }.
//
// Given a `keepDir`, the process stays after its build and renders later content changes at
// once (hot-render.ts): in { type: "hot", env, siteDir, overlayDir }; out { type: "hot-done",
// overlay }, { type: "hot-skipped" } (too many pages: the whole build is as quick) or
// { type: "hot-failed", lines }. The whole build that catches up comes from a new process.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { hotCapture } from "./hot-capture.ts";
import type { HotRenderer } from "./hot-render.ts";
import { keyedPages, renderedPages } from "./incremental-record.ts";

const buildRequest = z.strictObject({
  type: z.literal("build"),
  outDir: z.string().min(1),
  env: z.record(z.string(), z.string()),
  keepDir: z.string().min(1).optional(),
});

const hotRequest = z.strictObject({
  type: z.literal("hot"),
  env: z.record(z.string(), z.string()),
  siteDir: z.string().min(1),
  overlayDir: z.string().min(1),
});

/** Astro's errors carry a hint and the place in the source. */
const astroDetails = z.object({
  hint: z.string().optional(),
  loc: z.object({ file: z.string().optional(), line: z.number().optional() }).optional(),
});

/** What a person needs of a build error: its message, Astro's hint and place, no stack. */
function summarize(error: unknown): string[] {
  if (!(error instanceof Error)) return [String(error)];
  const lines = [error.message];
  const details = astroDetails.safeParse(error);
  const { hint, loc } = details.success ? details.data : {};
  if (hint) lines.push(`Hint: ${hint}`);
  if (loc?.file) lines.push(`Location: ${loc.file}${loc.line ? `:${loc.line}` : ""}`);
  return lines;
}

/**
 * This process's CPU time with that of the child processes it has waited for (Pagefind's),
 * in milliseconds: /proc/self/stat's utime, stime, cutime and cstime. Elsewhere, its own.
 */
function cpuMs(): number {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    if (Number.isFinite(ticks)) return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    // not Linux
  }
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Linux's USER_HZ, which /proc counts CPU time in. */
const CLOCK_TICKS = 100;

function send(message: object): Promise<void> {
  return new Promise((done) => {
    if (!process.send) return done();
    process.send(message, undefined, {}, () => done());
  });
}

// The server went away: nothing to build for.
process.on("disconnect", () => process.exit(0));

const { build } = await import("astro");
await import("pagefind");
const searchScript = new URL("../../../scripts/build-search.ts", import.meta.url);
const precompressScript = new URL("../../../scripts/precompress.ts", import.meta.url);

process.once("message", async (raw: unknown) => {
  const request = buildRequest.safeParse(raw);
  if (!request.success) {
    await send({
      type: "failed",
      lines: ["The build worker got a request it does not understand"],
    });
    process.exit(1);
  }
  const message = request.data;
  // Read by astro.config.mjs (cache folder), the content loader (CONTENT_SNAPSHOT) and the
  // search and precompression scripts (DIST_DIR) when they run, below.
  Object.assign(process.env, message.env, { DIST_DIR: message.outDir });
  const cacheDir = message.env.ASTRO_CACHE_DIR ?? join(process.cwd(), "node_modules", ".astro");
  const before = keyedPages(cacheDir);
  const cpuBefore = cpuMs();
  const keepDir = message.keepDir;
  const capture = keepDir ? hotCapture(message.outDir, keepDir) : null;
  if (keepDir) {
    // The content loader keeps what later syncs need (src/lib/database-loader.ts).
    process.env.HOT_RENDERS = "1";
    process.on("exit", () => rmSync(keepDir, { recursive: true, force: true }));
    // The server ends a kept worker with SIGTERM: exit, so the folder above goes too.
    process.on("SIGTERM", () => process.exit(0));
  }
  try {
    await build({
      outDir: message.outDir,
      ...(capture ? { integrations: [capture.integration] } : {}),
    });
    const after = keyedPages(cacheDir);
    const rendered = renderedPages(before, after);
    await import(searchScript.href);
    await import(precompressScript.href);
    await send({
      type: "done",
      pages: {
        cpuMs: cpuMs() - cpuBefore,
        keyed: after.size,
        reused: after.size - rendered.length,
        rendered: rendered.slice(0, 200),
      },
    });
  } catch (error) {
    console.error(error);
    await send({ type: "failed", lines: summarize(error) });
    process.exit(1);
  }
  const renderer = await capture?.renderer().catch((error: unknown) => {
    console.error("Hot renders are off for this build:", error);
    return null;
  });
  if (!renderer) process.exit(0);
  serveHotRenders(renderer);
});

/** Renders each change the server sends, one at a time, until the server lets go. */
function serveHotRenders(renderer: HotRenderer): void {
  let queue = Promise.resolve();
  process.on("message", (raw: unknown) => {
    queue = queue.then(async () => {
      const request = hotRequest.safeParse(raw);
      if (!request.success) {
        await send({ type: "hot-failed", lines: ["Not a hot render request"] });
        return;
      }
      Object.assign(process.env, request.data.env);
      try {
        const overlay = await renderer.render(request.data.siteDir, request.data.overlayDir);
        await send(overlay ? { type: "hot-done", overlay } : { type: "hot-skipped" });
      } catch (error) {
        console.error(error);
        await send({ type: "hot-failed", lines: summarize(error) });
      }
    });
  });
}
await send({ type: "ready" });
