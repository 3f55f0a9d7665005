import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { afterEach, expect, it, vi } from "vitest";
import { changeLine } from "../shared/build-status.ts";
import type { Publisher } from "./content/publisher.ts";
import { media, siteSettings } from "./db/schema.ts";
import { configFromEnv, HTTP_SERVER_OPTIONS, startApi } from "./runtime.ts";

// Starting the server on a fresh embedded database: the demo admin and the demo settings are
// seeded once, and the site (built before they existed) is rebuilt with them once; never in
// production.

const folders: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Starts the API on `dataDir` as `npm start` would, and stops it; what its publisher was told. */
async function startOnce(dataDir: string, env: Record<string, string> = {}) {
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("DATABASE_URL", "");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const told: string[] = [];
  const publisher: Publisher = { contentChanged: (change) => told.push(changeLine(change)) };
  const started = await startApi(configFromEnv(), { publisher: () => publisher });
  const [settings] = await started.database.db.select().from(siteSettings);
  const images = await started.database.db.select().from(media);
  await started.logWriter.close();
  await started.database.close();
  return { told, settings, images };
}

function freshFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "blog-runtime-"));
  folders.push(folder);
  return folder;
}

it("seeds the demo settings on the first start and rebuilds the site with them, once", async () => {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  const dataDir = freshFolder();
  const first = await startOnce(dataDir);
  expect(first.told).toEqual(["settings.seed"]);
  expect(first.settings?.value).toMatchObject({ authorName: { "en-US": "Lin Mo" } });
  expect(first.images).toHaveLength(1);

  const second = await startOnce(dataDir);
  expect(second.told).toEqual([]);
  expect(second.images).toHaveLength(1);
}, 60_000);

it("seeds nothing in production", async () => {
  const first = await startOnce(freshFolder(), { NODE_ENV: "production" });
  expect(first.told).toEqual([]);
  expect(first.settings).toBeUndefined();
  expect(first.images).toEqual([]);
}, 60_000);

it("keeps an idle connection longer than nginx keeps its upstream ones (60 s), and says so", async () => {
  const server = serve({
    fetch: () => new Response("ok"),
    port: 0,
    hostname: "127.0.0.1",
    serverOptions: HTTP_SERVER_OPTIONS,
  });
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo; // listening on TCP: an address, not a pipe
    const keepAlive = await new Promise<string | string[] | undefined>((resolve, reject) => {
      get({ host: "127.0.0.1", port, headers: { connection: "keep-alive" } }, (res) => {
        res.resume();
        resolve(res.headers["keep-alive"]);
      }).on("error", reject);
    });
    expect(keepAlive).toBe("timeout=65");
  } finally {
    server.close();
  }
});
