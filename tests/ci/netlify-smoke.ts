// `npm run smoke:netlify [-- --report <file.json>]`: the site built and served by Netlify's own
// tools, offline, the way a `git push` deploys it (issue 19).
//
// In a scratch copy of the project (the files git would push; node_modules hard-linked, so the
// checkout's dist/ and .netlify/ are never touched): `netlify serve --offline` runs Netlify
// Build from netlify.toml (the same @netlify/build as `netlify build`: the build command, then
// the functions bundled into .netlify/functions/*.zip) and serves the built site and the
// bundled functions in the CLI's local runtime. Against it, on a fresh PostgreSQL database
// migrated over its direct connection: the bundles (size against Netlify's 50 MB, the native
// and large dependencies, the chat index), the function's cold start, an API smoke suite
// (feedback; register with a code read from the outbox; login; an admin writing and publishing,
// which calls the build hook; an image upload through the storage port, Supabase Storage as in
// production, served back; the readership beacon counted), the scheduled function invoked by
// `netlify functions:invoke` (no hook call before an item falls due, one after), every
// header and redirect rule of netlify.toml and the build's `_headers`/`_redirects` against what
// is served, and two more deploys by `netlify build --offline`, the second after one article
// changed, which must render only the pages showing it (Astro's cache kept between builds). The build hook and Supabase Storage are small loopback stand-ins; nothing leaves
// the machine (`--offline`, no login, no linked site).
//
// Prints a line per check and `N passed, N failed`; exits 1 on any failure. Environment:
// PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), NETLIFY_SMOKE_PORT (the
// first of five loopback ports to use; free ones otherwise), NETLIFY_SMOKE_DB_PREFIX (the
// scratch database's name prefix, default netlify_smoke), NETLIFY_SMOKE_KEEP=1 (keep the copy).
import { type ChildProcess, execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { parseAllHeaders } from "@netlify/headers-parser";
import postgres from "postgres";
import sharp from "sharp";
import {
  type HeaderRule,
  headersForPath,
  parseHeadersFile,
} from "../../src/lib/security-headers.ts";
import { readArchive } from "../../src/server/backup/archive.ts";
import { keyedPages, renderedPages } from "../../src/server/site/incremental-record.ts";
import { encryptPassword, importPublicKey } from "../../src/shared/password-crypto.ts";
import { type StorageStandIn, startStorageStandIn } from "../support/supabase-stand-in.ts";
import { freePort } from "./free-port.ts";
import {
  buildDurationMs,
  builtPaths,
  type Check,
  headerMismatches,
  loggedStatuses,
  median,
  parseRedirectsFile,
  type RedirectRule,
  rulesFromToml,
  type SmokeReport,
  samplePathFor,
  sampleRedirect,
} from "./netlify-rules.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const { values: args } = parseArgs({ options: { report: { type: "string" } } });

/** Netlify's limit on a function's zipped bundle. */
const BUNDLE_LIMIT_MB = 50;
/** What node_modules caches a build writes into: fresh in the copy (Astro's drawn images excepted). */
const NODE_MODULES_CACHES = new Set([
  ".cache",
  ".vite",
  ".vite-build",
  ".vite-temp",
  ".vitest-cache",
  ".astro",
]);
const SERVICE_KEY = "netlify-smoke-service-role-key";
const BUCKET = "uploads";
const OWNER = { email: "owner@netlify-smoke.test", password: "Owner-pass-1", name: "owner" };
const READER = { email: "reader@netlify-smoke.test", password: "Reader-pass-1", name: "reader" };
/** A browser's user agent: the beacon does not count bots. */
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

const checks: Check[] = [];
const measures: Record<string, number | string> = {};

function check(name: string, ok: boolean, detail?: string): boolean {
  checks.push({ name, ok, ...(detail ? { detail } : {}) });
  console.log(
    `${ok ? "ok  " : "FAIL"} ${name}${detail ? (ok ? ` (${detail})` : `: ${detail}`) : ""}`,
  );
  return ok;
}

function measure(name: string, value: number | string, unit = ""): void {
  measures[name] = value;
  console.log(`     ${name}: ${value}${unit}`);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `test` to hold, asking every `everyMs`, for at most `timeoutMs`. */
async function until<T>(
  what: string,
  test: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await test();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s: ${what}`);
    await sleep(everyMs);
  }
}

// --- Ports, stand-ins --------------------------------------------------------------------------

async function ports(count: number): Promise<number[]> {
  const first = Number(process.env.NETLIFY_SMOKE_PORT) || 0;
  if (first) return Array.from({ length: count }, (_, i) => first + i);
  const found: number[] = [];
  while (found.length < count) {
    const port = await freePort();
    if (!found.includes(port)) found.push(port);
  }
  return found;
}

function listen(server: Server, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(`http://127.0.0.1:${port}`));
  });
}

/** The build hook: records each POST it receives. */
async function hookStandIn(port: number) {
  const calls: number[] = [];
  const server = createServer((req, res) => {
    if (req.method === "POST" && req.url === "/build-hook") calls.push(Date.now());
    res.writeHead(req.method === "POST" ? 200 : 405).end();
  });
  const base = await listen(server, port);
  return { url: `${base}/build-hook`, calls, close: () => void server.close() };
}

// --- The scratch copy and database ----------------------------------------------------------

/** The files a push would carry (tracked, or new and not ignored), and node_modules hard-linked. */
function scratchCopy(dir: string): string {
  const site = join(dir, "site");
  const files = execFileSync("git", ["ls-files", "-z", "-co", "--exclude-standard"], { cwd: root })
    .toString()
    .split("\0")
    .filter((file) => file && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(dirname(join(site, file)), { recursive: true });
    copyFileSync(join(root, file), join(site, file));
  }
  const modules = join(root, "node_modules");
  mkdirSync(join(site, "node_modules"));
  const linked = readdirSync(modules)
    .filter((entry) => !NODE_MODULES_CACHES.has(entry))
    .map((entry) => join(modules, entry));
  const linking = spawnSync("cp", ["-al", ...linked, join(site, "node_modules")], {
    encoding: "utf8",
  });
  if (linking.status !== 0) {
    // Another file system than the checkout's (no hard links across): a whole copy instead.
    console.log(`     node_modules copied, not linked (${linking.stderr.split("\n")[0]})`);
    rmSync(join(site, "node_modules"), { recursive: true, force: true });
    mkdirSync(join(site, "node_modules"));
    const copying = spawnSync(
      "cp",
      ["-a", "--reflink=auto", ...linked, join(site, "node_modules")],
      {
        stdio: "inherit",
      },
    );
    if (copying.status !== 0) throw new Error("could not copy node_modules into the scratch copy");
  }
  // Netlify keeps node_modules between builds: the Open Graph images already drawn are reused
  // (copied, not linked, since a build rewrites them).
  if (existsSync(join(modules, ".astro"))) {
    spawnSync("cp", ["-a", join(modules, ".astro"), join(site, "node_modules")]);
  }
  return site;
}

/**
 * Runs a command to its end without blocking this process, whose stand-ins must keep answering
 * the function meanwhile: its exit code and output.
 */
function run(
  command: string,
  commandArgs: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      commandArgs,
      { cwd: options.cwd, env: options.env, timeout: options.timeoutMs ?? 300_000 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === "number" ? error.code : error ? 1 : 0;
        resolve({ status: code, stdout, stderr });
      },
    );
  });
}

/** One of the project's own scripts, with `env` over this process's environment. */
function node(script: string, env: NodeJS.ProcessEnv, scriptArgs: string[] = []) {
  return run(process.execPath, [join(root, script), ...scriptArgs], {
    cwd: root,
    env: { ...process.env, ...env },
  });
}

// --- The CLI's runtime ------------------------------------------------------------------------

interface Runtime {
  child: ChildProcess;
  site: string;
  port: number;
  env: NodeJS.ProcessEnv;
  log(): string;
  exited: () => number | null;
}

function startServe(site: string, logFile: string, env: NodeJS.ProcessEnv, p: number[]): Runtime {
  const out = openSync(logFile, "a");
  const cli = join(site, "node_modules", "netlify-cli", "bin", "run.js");
  const child = spawn(
    process.execPath,
    [
      cli,
      "serve",
      "--offline",
      "--port",
      String(p[0]),
      "--functions-port",
      String(p[1]),
      "--staticServerPort",
      String(p[2]),
    ],
    // Its own process group: stopping it stops the static server, esbuild and the workers too.
    { cwd: site, env, detached: true, stdio: ["ignore", out, out] },
  );
  let code: number | null = null;
  child.on("exit", (c, signal) => {
    code = c ?? (signal ? 128 : 1);
  });
  return {
    child,
    site,
    port: p[0] ?? 0,
    env,
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are control characters
    log: () => readFileSync(logFile, "utf8").replace(/\u001b\[[0-9;]*m/g, ""),
    exited: () => code,
  };
}

async function stopServe(runtime: Runtime): Promise<void> {
  const pid = runtime.child.pid;
  if (!pid || runtime.exited() !== null) return;
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  group("SIGTERM");
  await until("the runtime to stop", () => (runtime.exited() === null ? undefined : true), 15_000)
    .catch(() => group("SIGKILL"))
    .finally(() => group("SIGKILL"));
}

// --- HTTP -------------------------------------------------------------------------------------

interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  /** The envelope's data, when the answer is one. */
  data: unknown;
  ms: number;
}

async function call(
  base: string,
  method: string,
  path: string,
  options: {
    token?: string;
    json?: unknown;
    body?: BodyInit;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(120_000),
    ...(body !== undefined ? { body } : {}),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  const text = bytes.toString("utf8");
  let data: unknown = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && "data" in parsed) data = parsed.data;
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, bytes, text, data, ms };
}

// `key in value` narrows to an object with that key but not to an indexable record: the cast
// only reads it as one.
const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;

const short = (answer: Answer) => `${answer.status} ${answer.text.slice(0, 160)}`;

// --- The run ------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const adminUrl = process.env.PG_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const dbName = `${process.env.NETLIFY_SMOKE_DB_PREFIX || "netlify_smoke"}_${process.pid}_${Date.now().toString(36)}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  const [port, functionsPort, staticPort, hookPort, storagePort] = await ports(5);
  const base = `http://127.0.0.1:${port}`;

  const scratch = mkdtempSync(join(tmpdir(), "netlify-smoke-"));
  const cleanups: Array<() => Promise<void> | void> = [];
  let runtime: Runtime | undefined;
  try {
    let started = performance.now();
    const site = scratchCopy(scratch);
    measure("scratch copy", Math.round(performance.now() - started), " ms");

    const created = await node("tests/ci/ci-db.ts", { PG_ADMIN_URL: adminUrl }, ["create", dbName]);
    if (!check("scratch PostgreSQL database created", created.status === 0, created.stderr)) return;
    cleanups.push(async () => {
      await node("tests/ci/ci-db.ts", { PG_ADMIN_URL: adminUrl }, ["drop", dbName]);
    });
    // Migrations over the direct connection (DIRECT_DATABASE_URL), never from the function.
    const migrated = await node("scripts/db-migrate.ts", {
      DATABASE_URL: databaseUrl,
      DIRECT_DATABASE_URL: databaseUrl,
    });
    if (
      !check(
        "migrations applied over the direct connection",
        migrated.status === 0,
        migrated.stderr,
      )
    ) {
      return;
    }

    await seedImportedArticle(databaseUrl);

    const hook = await hookStandIn(hookPort ?? 0);
    const storage = await startStorageStandIn({
      serviceKey: SERVICE_KEY,
      bucket: BUCKET,
      port: storagePort ?? 0,
    });
    cleanups.push(hook.close, storage.close);

    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of Object.keys(env)) if (name.startsWith("NETLIFY_")) delete env[name];
    Object.assign(env, {
      // deno (the npm package) for the edge-functions proxy, which would download it otherwise.
      PATH: `${join(site, "node_modules", ".bin")}:${process.env.PATH ?? ""}`,
      BROWSER: "none",
      // What Netlify's build image sets; CI also keeps the CLI's telemetry off.
      CI: "true",
      NETLIFY: "true",
      NO_COLOR: "1",
      FORCE_COLOR: "0",
      XDG_CONFIG_HOME: join(scratch, "config"),
      XDG_DATA_HOME: join(scratch, "data"),
      XDG_CACHE_HOME: join(scratch, "cache"),
      XDG_STATE_HOME: join(scratch, "state"),
      // The site's own settings, as Netlify's environment would hold them.
      DATABASE_URL: databaseUrl,
      DIRECT_DATABASE_URL: databaseUrl,
      BUILD_HOOK_URL: hook.url,
      SUPABASE_URL: storage.url,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
      STORAGE_BUCKET: BUCKET,
      DATA_DIR: join(site, ".data"),
    });
    delete env.NODE_OPTIONS;

    started = performance.now();
    runtime = startServe(site, join(scratch, "netlify-serve.log"), env, [
      port ?? 0,
      functionsPort ?? 0,
      staticPort ?? 0,
    ]);
    const serving = runtime;
    let builtAt = 0;
    try {
      await until(
        "netlify serve to answer",
        async () => {
          const code = serving.exited();
          if (code !== null) throw new Error(`netlify serve exited with ${code}`);
          if (!builtAt && serving.log().includes("Netlify Build Complete")) {
            builtAt = performance.now();
          }
          try {
            const res = await fetch(`${base}/`, { signal: AbortSignal.timeout(5000) });
            await res.arrayBuffer();
            return res.status === 200 ? true : undefined;
          } catch {
            return undefined;
          }
        },
        15 * 60_000,
        500,
      );
    } catch (error) {
      check("netlify serve --offline builds and serves the site", false, errorText(error));
      console.log(serving.log().split("\n").slice(-40).join("\n"));
      return;
    }
    const readyMs = performance.now() - started;
    const log = serving.log();
    const buildMs = buildDurationMs(log);
    check(
      "Netlify Build (netlify serve --offline) builds the site and bundles the functions",
      buildMs !== null && log.includes("Packaging Functions from functions directory"),
    );
    measure(
      "Netlify Build, as it reports",
      buildMs !== null ? (buildMs / 1000).toFixed(1) : "?",
      " s",
    );
    measure("netlify serve --offline, start to first page", (readyMs / 1000).toFixed(1), " s");
    if (builtAt) {
      measure(
        "runtime start after the build",
        ((readyMs - (builtAt - started)) / 1000).toFixed(1),
        " s",
      );
    }

    bundleChecks(site);

    // The first request to the function is a cold start; the CLI runs each request of a v2
    // function in a new worker thread, so every one loads the bundle again.
    // Without a session the answer is a 401 envelope: the function ran, read no body, wrote
    // its request log, and created nothing.
    const first = await call(base, "GET", "/api/verifyIdentity");
    check(
      "the API function answers (GET /api/verifyIdentity without a session: a 401 envelope)",
      first.status === 401 && first.text.startsWith('{"code":401'),
      short(first),
    );
    measure(
      "function cold start (first request, GET /api/verifyIdentity)",
      Math.round(first.ms),
      " ms",
    );
    const again: number[] = [];
    for (let i = 0; i < 5; i++) again.push((await call(base, "GET", "/api/verifyIdentity")).ms);
    measure("later requests in this runtime, median of 5", Math.round(median(again)), " ms");
    measure("later requests in this runtime, slowest of 5", Math.round(Math.max(...again)), " ms");

    await apiSuite(base, site, databaseUrl, hook, storage, serving);
    await headerAndRedirectChecks(base, site);
    await inProcessLatency(site, databaseUrl);
    await stopServe(serving);
    await twoDeploys(site, env, databaseUrl);
  } finally {
    if (runtime) await stopServe(runtime);
    for (const cleanup of cleanups.reverse()) await cleanup();
    if (process.env.NETLIFY_SMOKE_KEEP === "1") console.log(`kept ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true });
  }
}

// --- Two deploys: the second renders what changed ------------------------------------------

/**
 * `netlify build --offline` in the scratch copy, as a deploy runs it, checked to succeed under
 * `name`: its output and time, or null when it failed (its last lines said).
 */
async function netlifyBuild(site: string, env: NodeJS.ProcessEnv, name: string) {
  const cli = join(site, "node_modules", "netlify-cli", "bin", "run.js");
  const started = performance.now();
  const result = await run(process.execPath, [cli, "build", "--offline"], {
    cwd: site,
    env,
    timeoutMs: 15 * 60_000,
  });
  const log = result.stdout + result.stderr;
  const ok = result.status === 0;
  if (!check(name, ok, ok ? undefined : log.split("\n").slice(-20).join("\n"))) return null;
  return { log, ms: performance.now() - started };
}

/**
 * Two more deploys after the served one, with one article's text changed between them. Astro's
 * cache goes from each build to the next through Netlify's build cache
 * (netlify/plugins/astro-cache); the second build renders only the pages that show the article.
 */
async function twoDeploys(site: string, env: NodeJS.ProcessEnv, databaseUrl: string) {
  const cache = join(site, "node_modules", ".astro");
  const first = await netlifyBuild(
    site,
    env,
    "netlify build --offline, the first of two deploys, succeeds",
  );
  if (!first) return;
  check(
    "the deploy restores the build cache the served build saved (netlify/plugins/astro-cache)",
    first.log.includes("astro-cache: the last build's cache restored") &&
      first.log.includes("astro-cache: this build's cache saved for the next"),
  );
  const before = keyedPages(cache);

  const text = `Changed between two deploys, ${randomUUID()}.`;
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`update content_articles set body = ${text}, updated_at = now() where slug = 'netlify-smoke'`;
  } finally {
    await sql.end();
  }
  const second = await netlifyBuild(
    site,
    env,
    "netlify build --offline after one article's text changed succeeds",
  );
  if (!second) return;
  const after = keyedPages(cache);
  const rendered = renderedPages(before, after);
  const page = join(site, "dist", "articles", "netlify-smoke", "index.html");
  check(
    "the second deploy's page of the article shows the new text",
    existsSync(page) && readFileSync(page, "utf8").includes(text),
  );
  // The article's page, its neighbours' (each shows the other's title) and the lists that show
  // its card (their keys take the whole entry); nothing else.
  check(
    "the second deploy renders only the pages that show the changed article",
    after.size > 100 && rendered.some((p) => p.includes("netlify-smoke")) && rendered.length <= 5,
    `${rendered.length} of ${after.size} keyed pages rendered: ${rendered.join(", ")}`,
  );
  measure("first of two deploys (netlify build --offline)", (first.ms / 1000).toFixed(1), " s");
  measure("second deploy, one article changed", (second.ms / 1000).toFixed(1), " s");
  measure("second deploy, keyed pages rendered", `${rendered.length} of ${after.size}`);
}

// --- The bundles ------------------------------------------------------------------------------

function bundleChecks(site: string): void {
  const out = join(site, ".netlify", "functions");
  const manifestFile = join(out, "manifest.json");
  if (!check("Netlify Build wrote .netlify/functions/manifest.json", existsSync(manifestFile)))
    return;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
    functions: Array<{
      name: string;
      path: string;
      runtimeVersion?: string;
      schedule?: string;
      routes?: Array<{ pattern: string }>;
    }>;
  };
  const names = manifest.functions.map((f) => f.name).sort();
  check(
    "the functions bundled are api and publish-scheduled, nothing else",
    names.join() === "api,publish-scheduled",
    names.join(", "),
  );
  const api = manifest.functions.find((f) => f.name === "api");
  const scheduled = manifest.functions.find((f) => f.name === "publish-scheduled");
  check(
    "api is routed at /api/*",
    api?.routes?.some((r) => r.pattern === "/api/*") === true,
    JSON.stringify(api?.routes),
  );
  check(
    "publish-scheduled runs every five minutes",
    scheduled?.schedule === "*/5 * * * *",
    String(scheduled?.schedule),
  );
  for (const f of manifest.functions) {
    const mb = statSync(f.path).size / 1e6;
    measure(`${f.name}.zip`, mb.toFixed(1), ` MB zipped (${f.runtimeVersion ?? "?"})`);
    check(
      `${f.name}.zip is under Netlify's ${BUNDLE_LIMIT_MB} MB`,
      mb < BUNDLE_LIMIT_MB,
      `${mb.toFixed(1)} MB`,
    );
  }
  // What the bundle holds, as the runtime unpacked it.
  const unzipped = join(site, ".netlify", "functions-serve", ".unzipped", "api");
  const has = (path: string) => existsSync(join(unzipped, path));
  if (!check("the runtime unpacked the api bundle", existsSync(unzipped))) return;
  const argon = "node_modules/@node-rs/argon2-linux-x64-gnu";
  check(
    "argon2 is bundled with its native Linux x64 binary (Netlify runs Linux x64, glibc)",
    has(argon) && readdirSync(join(unzipped, argon)).some((f) => f.endsWith(".node")),
  );
  check(
    "sharp is bundled with its native binary and libvips",
    has("node_modules/sharp") &&
      has("node_modules/@img/sharp-linux-x64") &&
      has("node_modules/@img/sharp-libvips-linux-x64"),
  );
  // The function always opens PostgreSQL (DATABASE_URL): PGlite, loaded only by the embedded
  // database's own module (src/server/db/pglite.ts), is kept out of it on purpose (netlify.toml).
  const pglite = join(unzipped, "node_modules/@electric-sql/pglite");
  check(
    "PGlite (about 17 MB, unused on Netlify) is kept out of the api bundle",
    !existsSync(pglite),
  );
  const index = "dist/d-chat/passages.json";
  check(
    "the chat index (dist/d-chat/passages.json) is in the bundle, the build's own copy",
    has(index) && readFileSync(join(unzipped, index)).equals(readFileSync(join(site, index))),
  );
  check(
    "content/ is in the bundle (the content API lists its files)",
    has("content/categories.json") && has("content/articles"),
  );
  check(
    "no test file or test helper is in the bundle",
    !existsSync(join(unzipped, "functions", "tests")) &&
      !readFileSync(join(unzipped, "functions", "api.mjs"), "utf8").includes("createTestDatabase"),
  );
}

// --- The API ----------------------------------------------------------------------------------

async function login(base: string, email: string, password: string): Promise<Answer> {
  const key = await call(base, "GET", "/api/encryption-key");
  const publicKey = field(key.data, "publicKey");
  if (typeof publicKey !== "string") throw new Error(`no public key: ${short(key)}`);
  const encrypted = await encryptPassword(await importPublicKey(publicKey), password);
  return call(base, "POST", "/api/login", { json: { email, password: encrypted } });
}

async function apiSuite(
  base: string,
  site: string,
  databaseUrl: string,
  hook: Awaited<ReturnType<typeof hookStandIn>>,
  storage: StorageStandIn,
  runtime: Runtime,
): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // Feedback, as the site's widget sends it.
    const feedback = await call(base, "POST", "/api/createFeedback", {
      json: {
        subject: "From the Netlify runtime",
        description: "Sent by tests/ci/netlify-smoke.ts",
        environment: {
          url: `${base}/`,
          userAgent: BROWSER_UA,
          viewport: "1280×800",
          timestamp: new Date().toISOString(),
        },
      },
    });
    const stored =
      await sql`select count(*)::int as n from feedback where subject = 'From the Netlify runtime'`;
    check(
      "feedback is accepted and stored",
      feedback.status === 200 && stored[0]?.n === 1,
      feedback.status === 200 ? `${stored[0]?.n} stored` : short(feedback),
    );

    // The owner, made as the README says (`npm run admin:create`), against this database.
    const made = await node("scripts/admin-create.ts", { DATABASE_URL: databaseUrl }, [
      "--email",
      OWNER.email,
      "--password",
      OWNER.password,
      "--name",
      OWNER.name,
    ]);
    check("npm run admin:create makes the owner", made.status === 0, made.stderr.trim());
    const ownerLogin = await login(base, OWNER.email, OWNER.password);
    const token = field(ownerLogin.data, "token");
    if (
      !check(
        "the owner logs in",
        ownerLogin.status === 200 && typeof token === "string",
        short(ownerLogin),
      )
    ) {
      return;
    }
    const owner = String(token);

    // A scheduled article, due shortly: the scheduled function must call the hook only after.
    const dueAt = Date.now() + 30_000;
    const hooksBefore = hook.calls.length;
    const scheduled = await call(base, "POST", "/api/admin/articles", {
      token: owner,
      json: {
        slug: "netlify-smoke-scheduled",
        lang: "en-US",
        title: "Scheduled by the smoke test",
        summary: "Goes live by the scheduled function.",
        body: "Scheduled.",
        category: "tools",
        status: "scheduled",
        publishedAt: new Date(dueAt).toISOString(),
      },
    });
    check("the owner schedules an article", scheduled.status === 200, short(scheduled));
    // Scheduling for later changes nothing public: the API calls no hook; the scheduled function
    // does once the item is due. Absence is checked after the hook publisher's 2 s burst window.
    await sleep(3_000);
    check(
      "scheduling an article for later calls no build hook",
      hook.calls.length === hooksBefore,
      `${hook.calls.length - hooksBefore} hook calls`,
    );
    const beforeDue = await invokeScheduled(runtime, hook);
    const early = Date.now() < dueAt;
    check(
      "the scheduled function, invoked before the item is due, answers 204 and calls no hook",
      early && beforeDue.status === 204 && beforeDue.hookCalls === 0,
      early
        ? `status ${beforeDue.status}, ${beforeDue.hookCalls} hook calls`
        : "invoked too late to tell",
    );

    // A reader registers with the code mailed to them (the outbox: no SMTP here).
    const asked = await call(base, "POST", "/api/getEmailCode", {
      json: { email: READER.email, locale: "en-US" },
    });
    const [mail] =
      await sql`select subject from outbox where "to" = ${READER.email} order by created_at desc, id desc limit 1`;
    const code = /\b(\d{6})\b/.exec(String(mail?.subject ?? ""))?.[1];
    check(
      "a registration code is mailed (to the outbox)",
      asked.status === 200 && code !== undefined,
      short(asked),
    );
    const key = field((await call(base, "GET", "/api/encryption-key")).data, "publicKey");
    const registered = await call(base, "POST", "/api/register", {
      json: {
        email: READER.email,
        code: code ?? "000000",
        userName: READER.name,
        password: await encryptPassword(await importPublicKey(String(key)), READER.password),
      },
    });
    check("the reader registers with the code", registered.status === 200, short(registered));
    const readerLogin = await login(base, READER.email, READER.password);
    const readerToken = field(readerLogin.data, "token");
    const identity = await call(base, "GET", "/api/verifyIdentity", {
      token: typeof readerToken === "string" ? readerToken : "",
    });
    check(
      "the reader logs in, and the session is theirs",
      readerLogin.status === 200 && identity.text.includes(READER.email),
      short(readerLogin.status === 200 ? identity : readerLogin),
    );

    // An admin write that publishes: the API function calls the build hook after answering.
    const hooksBeforePublish = hook.calls.length;
    const article = await call(base, "POST", "/api/admin/articles", {
      token: owner,
      json: {
        slug: "netlify-smoke",
        lang: "en-US",
        title: "Written in the Netlify runtime",
        summary: "An article the smoke test publishes.",
        body: "Published through the function.",
        category: "tools",
        status: "published",
      },
    });
    const row = await sql`select status from content_articles where slug = 'netlify-smoke'`;
    check(
      "the owner writes and publishes an article (stored in PostgreSQL)",
      article.status === 200 && row[0]?.status === "published",
      short(article),
    );
    const hooked = await until(
      "the build hook's POST",
      () => (hook.calls.length > hooksBeforePublish ? true : undefined),
      60_000,
    ).catch(() => false);
    check("publishing calls the build hook (POST)", hooked === true);

    await uploadChecks(base, site, owner, storage);
    await exportChecks(base, owner, storage, sql);

    // The readership beacon, as a browser's sendBeacon sends it.
    const span = async () =>
      Number(
        field(
          (await call(base, "GET", "/api/admin/readership?days=7", { token: owner })).data,
          "total",
        ),
      );
    const viewsBefore = await span();
    const beacon = await call(base, "POST", "/api/beacon", {
      body: JSON.stringify({ p: "/articles/netlify-smoke/", r: "", l: "en-US", w: 1280 }),
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER_UA },
    });
    const viewsAfter = await span();
    check(
      "the readership beacon answers 204 and is counted",
      beacon.status === 204 && viewsAfter === viewsBefore + 1,
      `${beacon.status}, views ${viewsBefore} → ${viewsAfter}`,
    );

    // The scheduled article falls due: the scheduled function calls the hook once.
    if (Date.now() < dueAt + 1000) await sleep(dueAt + 1000 - Date.now());
    const afterDue = await invokeScheduled(runtime, hook);
    check(
      "the scheduled function, invoked by netlify functions:invoke once the item is due, calls the build hook",
      afterDue.status === 204 && afterDue.hookCalls === 1,
      `status ${afterDue.status}, ${afterDue.hookCalls} hook calls`,
    );
  } catch (error) {
    check("the API smoke suite ran to its end", false, errorText(error));
  } finally {
    await sql.end();
  }
}

/** `netlify functions:invoke publish-scheduled`, as the CLI triggers a scheduled function. */
async function invokeScheduled(
  runtime: Runtime,
  hook: Awaited<ReturnType<typeof hookStandIn>>,
): Promise<{ status: number; hookCalls: number }> {
  const before = hook.calls.length;
  const logged = loggedStatuses(
    runtime.log(),
    "POST",
    "/.netlify/functions/publish-scheduled",
  ).length;
  const cli = join(runtime.site, "node_modules", "netlify-cli", "bin", "run.js");
  const invoked = await run(
    process.execPath,
    [cli, "functions:invoke", "publish-scheduled", "--port", String(runtime.port), "--offline"],
    { cwd: runtime.site, env: runtime.env, timeoutMs: 120_000 },
  );
  if (invoked.status !== 0) throw new Error(`netlify functions:invoke failed: ${invoked.stderr}`);
  // The CLI prints the body; the runtime logs the status (after the answer is sent).
  const status = await until(
    "the runtime to log the scheduled function's status",
    () => loggedStatuses(runtime.log(), "POST", "/.netlify/functions/publish-scheduled")[logged],
    30_000,
  );
  return { status, hookCalls: hook.calls.length - before };
}

async function uploadChecks(
  base: string,
  site: string,
  owner: string,
  storage: StorageStandIn,
): Promise<void> {
  const png = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 40 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "smoke.png");
  const uploaded = await call(base, "POST", "/api/admin/media", { token: owner, body: form });
  const id = field(uploaded.data, "id");
  const variants = field(uploaded.data, "variants");
  const names = Array.isArray(variants)
    ? variants.map(
        (v) => `m-${String(id)}-${String(field(v, "width"))}.${String(field(v, "format"))}`,
      )
    : [];
  check(
    "an image upload is processed by sharp into variants",
    uploaded.status === 200 && names.length > 0,
    uploaded.status === 200 ? names.join(", ") : short(uploaded),
  );
  const stored = [...storage.objects.keys()];
  check(
    "the upload is stored through the storage port (Supabase Storage), not on the function's disk",
    names.length > 0 &&
      names.every((name) => stored.includes(name)) &&
      stored.some((name) => name.startsWith(`o-${String(id)}.`)) &&
      !existsSync(join(site, ".data", "uploads")),
    `${stored.length} objects in the bucket`,
  );
  const name = names[0];
  if (!name) return;
  const served = await call(base, "GET", `/api/media/${name}`);
  const bytes = served.bytes;
  check(
    `GET /api/media/${name} serves the stored bytes, immutable`,
    served.status === 200 &&
      bytes.equals(storage.objects.get(name) ?? Buffer.alloc(0)) &&
      served.headers.get("content-type") === `image/${name.split(".").pop()}` &&
      served.headers.get("cache-control") === "public, max-age=31536000, immutable",
    `${served.status} ${served.headers.get("content-type")} ${served.headers.get("cache-control")}`,
  );
}

/**
 * The back office's export on Netlify: the archive is made by the function and kept in Supabase
 * Storage, and the answer is a signed link the browser downloads it from, so an archive larger
 * than a function may answer (about 6 MB) still reaches the owner. The owner's avatar here is
 * 7 MB that gzip cannot shrink, put straight into the bucket.
 */
async function exportChecks(
  base: string,
  owner: string,
  storage: StorageStandIn,
  sql: postgres.Sql,
): Promise<void> {
  const avatar = `${randomUUID()}.png`;
  storage.objects.set(avatar, randomBytes(7 * 1024 * 1024));
  await sql`update users set avatar = ${`/api/avatars/${avatar}`} where email = ${OWNER.email}`;
  const made = await call(base, "POST", "/api/admin/export", { token: owner });
  const url = String(field(made.data, "url"));
  const fileName = String(field(made.data, "fileName"));
  check(
    "POST /api/admin/export keeps the archive in Supabase Storage and answers a signed link",
    made.status === 200 &&
      url.startsWith(`${storage.url}/storage/v1/object/sign/${BUCKET}/export-latest.tar.gz?`) &&
      storage.objects.has("export-latest.tar.gz"),
    `${made.status} in ${Math.round(made.ms)} ms: ${made.status === 200 ? url.slice(0, 80) : short(made)}`,
  );
  if (made.status !== 200) return;
  const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  const archive = new Uint8Array(await res.arrayBuffer());
  let manifest: Awaited<ReturnType<typeof readArchive>>["manifest"] | undefined;
  try {
    ({ manifest } = await readArchive(archive));
  } catch {
    manifest = undefined;
  }
  check(
    "the link downloads the whole archive, larger than a function may answer, under its dated name",
    res.status === 200 &&
      archive.byteLength > 7 * 1024 * 1024 &&
      res.headers.get("content-disposition") === `attachment; filename="${fileName}"` &&
      manifest?.counts.storageFiles !== undefined &&
      manifest.missingBlobs.length === 0,
    `${res.status}, ${(archive.byteLength / 1024 / 1024).toFixed(1)} MB, ${manifest ? `${manifest.counts.storageFiles} blobs` : "not an archive"}`,
  );
  await sql`update users set avatar = '' where email = ${OWNER.email}`;
}

// --- Headers and redirects ----------------------------------------------------------------------

/**
 * The CLI's static server answers every file with its own `Cache-Control` (max-age 0), and its
 * proxy writes the origin's headers over the rules' (netlify-cli's utils/static-server.js and
 * utils/proxy.js): in this runtime, and only here, a rule's Cache-Control never shows. Netlify's
 * CDN sends the rule's. Such an answer passes only when Netlify's own parser gives the rule.
 */
const CLI_STATIC_CACHE = /^public, max-age=0(, must-revalidate)?$/;

/**
 * An article an import brought, with its old addresses (a permalink and WordPress's `/?p=ID`):
 * the build writes them to `_redirects`, and the checks below ask Netlify's own router for
 * each rule, the rule with a query included.
 */
async function seedImportedArticle(databaseUrl: string): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [made] = await sql<{ id: string }[]>`insert into blog_imports (tool, source, counts)
      values ('wordpress', 'old-blog.xml', ${sql.json({ articles: 1 })}) returning id`;
    await sql`insert into content_articles (slug, lang, title, summary, body, category, status, published_at)
      values ('netlify-smoke-imported', 'en-US', 'Brought from WordPress', 'An imported article.',
        'Its old addresses lead here.', 'tools', 'published', now())`;
    for (const from of ["/2019/05/brought-from-wordpress/", "/?p=12"]) {
      await sql`insert into redirects (from_path, to_path, import_id)
        values (${from}, '/articles/netlify-smoke-imported/', ${made?.id ?? null})`;
    }
  } finally {
    await sql.end();
  }
}

async function headerAndRedirectChecks(base: string, site: string): Promise<void> {
  const dist = join(site, "dist");
  const configFile = join(site, "netlify.toml");
  const toml = rulesFromToml(readFileSync(configFile, "utf8"));
  const headersFile = join(dist, "_headers");
  const redirectsFile = join(dist, "_redirects");
  const fileRules: HeaderRule[] = existsSync(headersFile)
    ? parseHeadersFile(readFileSync(headersFile, "utf8"))
    : [];
  // npm start's reading: netlify.toml's rules after the file's, a name set in both taking
  // netlify.toml's value. Netlify's reading: @netlify/headers-parser, as its build and CLI use it.
  const rules = [...fileRules, ...toml.headers];
  const parsed = await parseAllHeaders({
    headersFiles: existsSync(headersFile) ? [headersFile] : [],
    netlifyConfigPath: configFile,
    configHeaders: [],
    minimal: false,
  });
  check(
    "Netlify's header parser reads netlify.toml and dist/_headers without errors",
    parsed.errors.length === 0,
    parsed.errors.map((e) => e.message).join("; "),
  );
  const netlifyHeaders = (path: string) => {
    const values: Record<string, string> = {};
    for (const rule of parsed.headers) {
      if ("forRegExp" in rule && rule.forRegExp.test(path)) {
        for (const [name, value] of Object.entries(rule.values)) values[name.toLowerCase()] = value;
      }
    }
    return values;
  };
  const files = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)));
  const paths = builtPaths(files);
  for (const [where, rule] of [
    ...fileRules.map((r) => ["dist/_headers", r] as const),
    ...toml.headers.map((r) => ["netlify.toml", r] as const),
  ]) {
    const path = samplePathFor(rule.for, paths);
    if (!path) {
      check(`${where} [${rule.for}] matches a built file`, false, "no file of the build matches");
      continue;
    }
    const names = Object.keys(rule.values);
    const ours = headersForPath(rules, path);
    const netlify = netlifyHeaders(path);
    const disagree = names.filter((name) => ours[name] !== netlify[name.toLowerCase()]);
    check(
      `${where} [${rule.for}]: Netlify's parser and npm start give ${path} the same ${names.join(", ")}`,
      disagree.length === 0,
      disagree
        .map((n) => `${n}: Netlify "${netlify[n.toLowerCase()]}", npm start "${ours[n]}"`)
        .join("; "),
    );
    const res = await fetch(`${base}${path}`, { redirect: "manual" });
    await res.arrayBuffer();
    const gaps: string[] = [];
    const wanted: Record<string, string> = {};
    for (const name of names) {
      const value = netlify[name.toLowerCase()] ?? "";
      const served = res.headers.get(name) ?? "";
      if (
        name.toLowerCase() === "cache-control" &&
        served !== value &&
        CLI_STATIC_CACHE.test(served)
      ) {
        gaps.push(`${name}: the CLI's static server sent "${served}"; Netlify sends "${value}"`);
      } else {
        wanted[name] = value;
      }
    }
    const mismatches = headerMismatches(wanted, res.headers);
    check(
      `${where} [${rule.for}] served on GET ${path}: ${names.join(", ")}`,
      res.status === 200 && mismatches.length === 0,
      res.status === 200 ? [...mismatches, ...gaps].join("; ") : `status ${res.status}`,
    );
  }

  const redirects: Array<[string, RedirectRule]> = [
    ...(existsSync(redirectsFile)
      ? parseRedirectsFile(readFileSync(redirectsFile, "utf8")).map(
          (r) => ["dist/_redirects", r] as [string, RedirectRule],
        )
      : []),
    ...toml.redirects.map((r) => ["netlify.toml", r] as [string, RedirectRule]),
  ];
  if (redirects.length === 0)
    console.log("     redirect rules: none (netlify.toml, dist/_redirects)");
  for (const [where, rule] of redirects) {
    const { path, location } = sampleRedirect(rule);
    const res = await fetch(`${base}${path}`, { redirect: "manual" });
    await res.arrayBuffer();
    const got = res.headers.get("location");
    const isRedirect = rule.status >= 300 && rule.status < 400;
    check(
      `${where} redirect ${rule.from} → ${rule.to} ${rule.status}`,
      res.status === rule.status &&
        (!isRedirect || (got !== null && new URL(got, base).href === new URL(location, base).href)),
      `GET ${path}: ${res.status} ${got ?? ""}`,
    );
  }

  // A path nothing answers gets the build's not-found page with a 404, its headers included.
  const missing = await fetch(`${base}/netlify-smoke-no-such-page/`);
  const missingText = await missing.text();
  const notFound = readFileSync(join(dist, "404.html"), "utf8");
  check(
    "a missing path answers 404 with dist/404.html",
    missing.status === 404 && missingText === notFound,
    `status ${missing.status}`,
  );
  // The API's own headers reach the browser, not the pages' (Netlify's headers never reach a
  // function): its policy lets nothing load.
  const apiRes = await fetch(`${base}/api/encryption-key`);
  await apiRes.arrayBuffer();
  check(
    "the API's answers carry the API's own policy (default-src 'none'), not the pages'",
    apiRes.headers.get("content-security-policy")?.startsWith("default-src 'none'") === true,
    String(apiRes.headers.get("content-security-policy")).slice(0, 80),
  );
}

// --- The bundle in one process: a warm instance ---------------------------------------------------

/**
 * The api bundle imported once in a fresh Node process and called as Netlify calls it, the way a
 * warm instance keeps it: its import and first request, then 30 more.
 */
async function inProcessLatency(site: string, databaseUrl: string): Promise<void> {
  const entry = join(
    site,
    ".netlify",
    "functions-serve",
    ".unzipped",
    "api",
    "functions",
    "api.mjs",
  );
  if (!existsSync(entry)) return;
  const program = `
    const t0 = performance.now();
    const { default: handler } = await import(${JSON.stringify(pathToFileURL(entry).href)});
    const imported = performance.now() - t0;
    const context = { ip: "203.0.113.7", waitUntil: () => {} };
    const ask = async () => {
      const s = performance.now();
      const res = await handler(new Request("https://site.test/api/verifyIdentity"), context);
      await res.text();
      if (res.status !== 401) throw new Error("status " + res.status);
      return performance.now() - s;
    };
    const first = await ask();
    const warm = [];
    for (let i = 0; i < 30; i++) warm.push(await ask());
    warm.sort((a, b) => a - b);
    console.log(JSON.stringify({ imported, first, median: warm[15], p95: warm[28] }));
    process.exit(0);
  `;
  const ran = await run(process.execPath, ["--input-type=module", "-e", program], {
    cwd: site,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeoutMs: 120_000,
  });
  const line = ran.stdout.trim().split("\n").pop() ?? "";
  let result: { imported: number; first: number; median: number; p95: number } | undefined;
  try {
    result = JSON.parse(line) as typeof result;
  } catch {
    result = undefined;
  }
  if (
    !check(
      "the api bundle answers when imported on its own (a warm instance)",
      result !== undefined,
      ran.stderr.slice(-300),
    )
  ) {
    return;
  }
  if (!result) return;
  measure("bundle import in a fresh process", Math.round(result.imported), " ms");
  measure("its first request", Math.round(result.first), " ms");
  measure(
    "warm requests, median / p95 of 30",
    `${result.median.toFixed(1)} / ${result.p95.toFixed(1)}`,
    " ms",
  );
}

const started = performance.now();
try {
  await main();
} catch (error) {
  check("the smoke run finished", false, errorText(error));
}
measure("whole run", ((performance.now() - started) / 1000).toFixed(1), " s");
const failed = checks.filter((c) => !c.ok).length;
const passed = checks.length - failed;
if (args.report) {
  const report: SmokeReport = { checks, measures };
  writeFileSync(args.report, `${JSON.stringify(report, null, 2)}\n`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
