import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { freePort } from "../../tests/ci/free-port.ts";

// `npm start` as a process manager or a container runs it: npm is the process it signals. npm
// passes SIGTERM on to its script's process, which must be the server itself (`exec` in
// package.json): a shell in between dies without passing it on, and the server would run on,
// orphaned, until killed without writing its last log rows or closing its database.

const folders: string[] = [];
/** Process groups a failed run may leave: npm's, with a server whose shell died under it. */
const groups: number[] = [];
afterEach(() => {
  for (const group of groups.splice(0)) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A scratch folder with the smallest build npm start serves (an index page); its data beside. */
function scratchSite() {
  const folder = mkdtempSync(join(tmpdir(), "blog-start-"));
  folders.push(folder);
  const dist = join(folder, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>t</title>");
  return { data: join(folder, "data"), dist };
}

/**
 * Starts `command` as npm start would run the server (its own process group, for the clean-up),
 * on `port`, with its output gathered.
 */
function startServer(
  command: string,
  args: string[],
  site: { data: string; dist: string },
  port: number,
) {
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: site.data,
      DIST_DIR: site.dist,
      DATABASE_URL: "",
      SITE_REBUILD: "0",
      NODE_ENV: "production",
      BACKUP_KEEP: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  if (child.pid) groups.push(child.pid);
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  return { child, output: () => output };
}

it("npm start stops gracefully when npm is sent SIGTERM, with two malloc arenas", async () => {
  const port = await freePort();
  // The signal under test goes to npm alone.
  const { child: npm, output } = startServer("npm", ["start", "--silent"], scratchSite(), port);
  const exited = new Promise<number | null>((resolve) => npm.once("exit", resolve));
  const deadline = Date.now() + 60_000;
  let answered: Response | null = null;
  while (!answered && Date.now() < deadline) {
    answered = await fetch(`http://127.0.0.1:${port}/api/encryption-key`).catch(() => null);
    if (!answered) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(answered?.status, output()).toBe(200);
  // npm's one child is the server (Linux's /proc), started with glibc's malloc arenas at two.
  const [server] = readFileSync(`/proc/${npm.pid}/task/${npm.pid}/children`, "utf8")
    .trim()
    .split(" ");
  expect(readFileSync(`/proc/${server}/cmdline`, "utf8").split("\0")).toContain(
    "src/server/node.ts",
  );
  expect(readFileSync(`/proc/${server}/environ`, "utf8").split("\0")).toContain(
    "MALLOC_ARENA_MAX=2",
  );

  npm.kill("SIGTERM");
  expect(await exited, output()).not.toBeNull();
  expect(output(), "the server itself got the signal").toContain("SIGTERM: closing");
  const after = await fetch(`http://127.0.0.1:${port}/api/encryption-key`).catch(() => null);
  expect(after, "nothing listens any more").toBeNull();
}, 90_000);

it("npm start on a port in use says so in one line, and where it listens when it can", async () => {
  const site = scratchSite();
  const port = await freePort();
  const taken = createServer();
  await new Promise<void>((done) => taken.listen(port, "127.0.0.1", done));
  const run = () => {
    const { child, output } = startServer(process.execPath, ["src/server/node.ts"], site, port);
    return { server: child, output };
  };
  try {
    const blocked = run();
    const code = await new Promise<number | null>((done) => blocked.server.once("exit", done));
    expect(code, blocked.output()).toBe(1);
    expect(blocked.output()).toContain(`Port ${port} is already in use on 127.0.0.1`);
    expect(blocked.output(), "no stack trace").not.toMatch(/^\s+at /m);
  } finally {
    await new Promise((done) => taken.close(done));
  }
  // Free now: it names the address it listens on.
  const started = run();
  const deadline = Date.now() + 60_000;
  while (!started.output().includes("Blog and API on") && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(started.output()).toContain(`Blog and API on http://127.0.0.1:${port} (pglite database)`);
  started.server.kill("SIGTERM");
  await new Promise((done) => started.server.once("exit", done));
}, 120_000);
