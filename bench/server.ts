// What the bench scripts share: `npm start` on a scratch embedded database, passwords
// encrypted as the browser encrypts them, and feedback as the widget sends it.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** The demo admin seeded on the embedded database's first start (README). */
export const DEMO = { email: "admin@example.com", password: "TwoInks-2026!" };

/** Builds the site when there is no `dist/` (or `$DIST_DIR`, which `npm start` serves) yet; exits on a failed build. */
export function ensureBuilt(cwd = process.cwd()): void {
  const dist = process.env.DIST_DIR || "dist";
  if (existsSync(join(cwd, dist, "index.html"))) return;
  if (dist !== "dist") {
    console.error(`DIST_DIR names ${dist}, which holds no built site`);
    process.exit(1);
  }
  console.log("building the site first…");
  const build = spawnSync("npm", ["run", "build"], { cwd, stdio: "inherit" });
  if (build.status !== 0) process.exit(1);
}

/** Starts `npm start` and waits for its first 200 on `/`; `onLine` gets each line it prints. */
export async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  cwd = process.cwd(),
  onLine?: (line: string) => void,
): Promise<{ child: ChildProcess; ms: number }> {
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ["src/server/node.ts"], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", onLine ? "pipe" : "ignore", "inherit"],
  });
  if (onLine && child.stdout) createInterface({ input: child.stdout }).on("line", onLine);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/`);
      if (res.status === 200) return { child, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
    if (performance.now() - started > 60_000) throw new Error("server did not answer within 60 s");
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** `plain` encrypted with the server's public key, as the browser sends passwords. */
export async function encryptedPassword(base: string, plain = DEMO.password): Promise<string> {
  const res = await fetch(`${base}/api/encryption-key`);
  const { data } = (await res.json()) as { data: { publicKey: string } };
  const key = await crypto.subtle.importKey(
    "spki",
    Buffer.from(data.publicKey, "base64"),
    { name: "RSA-OAEP", hash: "SHA-256" },
    false,
    ["encrypt"],
  );
  const cipher = await crypto.subtle.encrypt(
    { name: "RSA-OAEP" },
    key,
    new TextEncoder().encode(plain),
  );
  return Buffer.from(cipher).toString("base64");
}

/**
 * A distinct client address per call, for X-Forwarded-For (the server runs with TRUST_PROXY=1):
 * 198.18.0.0/15, the range set aside for benchmarks; only a header value, never a destination.
 */
export function addressSource(): () => string {
  let n = 0;
  return () => {
    n = (n + 1) % 131_072;
    return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
  };
}

/** A feedback submission as the widget sends it, from a 1280×800 window on `base`'s home page. */
export function feedbackSubmission(
  base: string,
  userAgent: string,
  fields: { feedbackType: string; subject: string; description: string; contact?: string },
) {
  return {
    ...fields,
    environment: {
      url: `${base}/`,
      userAgent,
      viewport: "1280×800",
      timestamp: new Date().toISOString(),
    },
  };
}
