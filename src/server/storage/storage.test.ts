import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localStorage, type Storage, storageFromEnv, supabaseStorage } from "./storage.ts";

// Both adapters keep the same promises; Supabase's (through supabase-js) runs against a
// loopback stand-in for its Storage REST API (the same paths, headers and error shapes, legacy
// 400-for-404 included).

const KEY = "service-role-key";
let server: Server;
let url = "";
const objects = new Map<string, Buffer>();
const seen: string[] = [];
let legacyNotFound = false;

function body(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const path = req.url ?? "";
    seen.push(`${req.method} ${path}`);
    if (req.headers.authorization !== `Bearer ${KEY}` || req.headers.apikey !== KEY) {
      res.writeHead(403).end(JSON.stringify({ statusCode: "403", error: "Unauthorized" }));
      return;
    }
    const data = await body(req);
    // Storage takes an upload and an authenticated download at the same path.
    const upload = /^\/storage\/v1\/object\/uploads\/(.+)$/.exec(path);
    const download = upload;
    if (req.method === "POST" && upload?.[1]) {
      if (req.headers["x-upsert"] !== "true" && objects.has(upload[1])) {
        res.writeHead(400).end(JSON.stringify({ statusCode: "409", error: "Duplicate" }));
        return;
      }
      objects.set(upload[1], data);
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ Key: `uploads/${upload[1]}` }));
    } else if (req.method === "GET" && download?.[1]) {
      const found = objects.get(download[1]);
      if (found) res.writeHead(200, { "content-type": "application/octet-stream" }).end(found);
      else if (legacyNotFound)
        res
          .writeHead(400)
          .end(
            JSON.stringify({ statusCode: "404", error: "not_found", message: "Object not found" }),
          );
      else res.writeHead(404).end(JSON.stringify({ error: "not_found" }));
    } else if (req.method === "DELETE" && path === "/storage/v1/object/uploads") {
      for (const prefix of (JSON.parse(data.toString()) as { prefixes: string[] }).prefixes)
        objects.delete(prefix);
      res.writeHead(200).end("[]");
    } else {
      res.writeHead(500).end("unexpected");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
});
afterAll(() => {
  server.close();
});

const folder = mkdtempSync(join(tmpdir(), "blog-storage-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const adapters: Array<[string, () => Storage]> = [
  ["local disk", () => localStorage(folder)],
  ["Supabase Storage", () => supabaseStorage({ url, serviceKey: KEY, bucket: "uploads" })],
];

describe.each(adapters)("%s", (_name, make) => {
  it("puts, replaces, gets and deletes a blob; a missing one is null", async () => {
    const storage = make();
    expect(await storage.get("a1.png")).toBeNull();
    await storage.put("a1.png", new Uint8Array([1, 2, 3]));
    await storage.put("a1.png", new Uint8Array([4, 5]));
    expect([...((await storage.get("a1.png")) ?? [])]).toEqual([4, 5]);
    await storage.delete("a1.png");
    expect(await storage.get("a1.png")).toBeNull();
    await storage.delete("never-there.png");
  });

  it("refuses names that could leave the folder or bucket", async () => {
    const storage = make();
    await expect(storage.put("../x.png", new Uint8Array([1]))).rejects.toThrow("unsafe");
    await expect(storage.get("a/b.png")).rejects.toThrow("unsafe");
  });
});

describe("Supabase Storage specifics", () => {
  it("reads the legacy 400 'not found' answer as missing, and reports other failures", async () => {
    const storage = supabaseStorage({ url, serviceKey: KEY, bucket: "uploads" });
    legacyNotFound = true;
    expect(await storage.get("gone.png")).toBeNull();
    legacyNotFound = false;
    const wrongKey = supabaseStorage({ url, serviceKey: "wrong", bucket: "uploads" });
    await expect(wrongKey.put("b.png", new Uint8Array([1]))).rejects.toThrow("403");
    await expect(wrongKey.get("b.png")).rejects.toThrow("403");
  });

  it("is chosen by SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, local disk otherwise", () => {
    expect(storageFromEnv({ SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: KEY }).kind).toBe(
      "supabase",
    );
    expect(storageFromEnv({ SUPABASE_URL: url }).kind).toBe("local");
    expect(storageFromEnv({}).kind).toBe("local");
    expect(seen.some((line) => line.startsWith("POST /storage/v1/object/uploads/"))).toBe(true);
  });
});
