// `TEST_DATABASE_URL=postgres://… node tests/ci/test-pooled.ts [vitest options] [files]`: the
// database tests on PostgreSQL through PgBouncer in transaction mode, the way Supabase's pooler
// serves functions (each transaction, or statement outside one, on whichever server connection
// is free). Starts Debian's pgbouncer (PGBOUNCER, else /usr/sbin/pgbouncer) on a free loopback
// port in front of TEST_DATABASE_URL's server, runs vitest with TEST_DATABASE_URL naming the
// pooler and TEST_DIRECT_DATABASE_URL the server (databases are created, migrated and dropped
// over it), and stops pgbouncer. Only the PostgreSQL half of each suite runs (TEST_ENGINES),
// and only the test files that reach a database, unless files are given.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  createWriteStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { freePort } from "./free-port.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The test files that open a database: they name its helpers, or import a helper that does. */
export function databaseTestFiles(dir = root): string[] {
  const marker = /describeEachDb|describeEachDatabase|createTestDatabase|TEST_DATABASE_URL/;
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) files.push(path);
    }
  };
  for (const top of ["src", "scripts", "functions", "tests"]) walk(join(dir, top));
  const helpers = new Set(
    files.filter((f) => !f.endsWith(".test.ts") && marker.test(readFileSync(f, "utf8"))),
  );
  const imports = (file: string) =>
    [...readFileSync(file, "utf8").matchAll(/from "(\.{1,2}\/[^"]+)"/g)].map((m) =>
      resolve(dirname(file), m[1] ?? ""),
    );
  return files
    .filter((f) => f.endsWith(".test.ts"))
    .filter((f) => marker.test(readFileSync(f, "utf8")) || imports(f).some((i) => helpers.has(i)))
    .map((f) => relative(dir, f))
    .sort();
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** pgbouncer will not run as root: as root, it runs as the owner of PostgreSQL's files. */
function runAs(): { user: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error("pgbouncer does not run as root, and there is no postgres user to run it as");
  }
  return { user: "postgres", uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

interface Pooler {
  url: string;
  log: string;
  stop(): Promise<void>;
}

/** Starts pgbouncer in transaction mode in front of `direct`'s server; `url` reaches it. */
async function startPooler(direct: URL, dir: string): Promise<Pooler> {
  const user = decodeURIComponent(direct.username || "postgres");
  const port = await freePort();
  const server = [
    `host=${direct.hostname || "127.0.0.1"}`,
    `port=${direct.port || "5432"}`,
    `user=${user}`,
    ...(direct.password ? [`password=${decodeURIComponent(direct.password)}`] : []),
  ].join(" ");
  const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
  writeFileSync(join(dir, "userlist.txt"), `${quoted(user)} ""\n`);
  writeFileSync(
    join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      // Any database name reaches the same-named database on the server (the tests make their own).
      `* = ${server}`,
      "[pgbouncer]",
      "pool_mode = transaction",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      // Loopback only, and the server's own authentication still applies behind it.
      "auth_type = trust",
      `auth_file = ${join(dir, "userlist.txt")}`,
      "max_client_conn = 1000",
      "default_pool_size = 8",
      "ignore_startup_parameters = extra_float_digits,options",
      "",
    ].join("\n"),
  );
  const owner = runAs();
  if (owner) {
    for (const path of [dir, join(dir, "userlist.txt"), join(dir, "pgbouncer.ini")]) {
      chownSync(path, owner.uid, owner.gid);
    }
  }
  chmodSync(dir, 0o700);
  const binary = process.env.PGBOUNCER || "/usr/sbin/pgbouncer";
  const log = join(dir, "pgbouncer.log");
  const logStream = createWriteStream(log);
  const args = [...(owner ? ["-u", owner.user] : []), join(dir, "pgbouncer.ini")];
  const child: ChildProcess = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(logStream);
  child.stderr?.pipe(logStream);
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  child.once("error", () => {
    exited = true;
  });
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (exited || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`pgbouncer did not start (${binary}); its log:\n${readLog(log)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const url = new URL(direct.toString());
  url.hostname = "127.0.0.1";
  url.port = String(port);
  url.password = "";
  return {
    url: url.toString(),
    log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM"); // immediate shutdown
      }),
  };
}

function readLog(path: string): string {
  try {
    return statSync(path).size > 0 ? readFileSync(path, "utf8").slice(-4000) : "(empty)";
  } catch {
    return "(none)";
  }
}

async function main(): Promise<number> {
  const directUrl = process.env.TEST_DATABASE_URL;
  if (!directUrl) {
    console.error(
      "usage: TEST_DATABASE_URL=postgres://… node tests/ci/test-pooled.ts [vitest args]",
    );
    return 2;
  }
  const args = process.argv.slice(2);
  const files = args.some((a) => !a.startsWith("-")) ? [] : databaseTestFiles();
  const dir = mkdtempSync(join(tmpdir(), "blog-pgbouncer-"));
  let pooler: Pooler | undefined;
  try {
    pooler = await startPooler(new URL(directUrl), dir);
    console.log(
      `pgbouncer (transaction mode) on ${new URL(pooler.url).host}; ${files.length || "the given"} test files`,
    );
    const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
    const child = spawn(process.execPath, [vitest, "run", ...args, ...files], {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        TEST_DATABASE_URL: pooler.url,
        TEST_DIRECT_DATABASE_URL: directUrl,
        TEST_ENGINES: "postgres",
      },
    });
    const stopChild = () => child.kill("SIGTERM");
    process.once("SIGINT", stopChild);
    process.once("SIGTERM", stopChild);
    const code = await new Promise<number>((resolve) =>
      child.once("exit", (status) => resolve(status ?? 1)),
    );
    if (code !== 0) console.error(`pgbouncer's log (last lines):\n${readLog(pooler.log)}`);
    return code;
  } finally {
    await pooler?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
