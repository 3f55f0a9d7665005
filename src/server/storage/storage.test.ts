import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type StorageStandIn,
  startStorageStandIn,
} from "../../../tests/support/supabase-stand-in.ts";
import { localStorage, type Storage, storageFromEnv, supabaseStorage } from "./storage.ts";

// Both adapters keep the same promises; Supabase's (through supabase-js) runs against a
// loopback stand-in for its Storage REST API (the same paths, headers and error shapes, legacy
// 400-for-404 included).

const KEY = "service-role-key";
let standIn: StorageStandIn;
let url = "";

beforeAll(async () => {
  standIn = await startStorageStandIn({ serviceKey: KEY, bucket: "uploads" });
  url = standIn.url;
});
afterAll(() => standIn.close());

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
    standIn.legacyNotFound = true;
    expect(await storage.get("gone.png")).toBeNull();
    standIn.legacyNotFound = false;
    const wrongKey = supabaseStorage({ url, serviceKey: "wrong", bucket: "uploads" });
    await expect(wrongKey.put("b.png", new Uint8Array([1]))).rejects.toThrow("403");
    await expect(wrongKey.get("b.png")).rejects.toThrow("403");
  });

  it("signs a download link that names the file and opens without the key, for a while", async () => {
    const storage = supabaseStorage({ url, serviceKey: KEY, bucket: "uploads" });
    await storage.put("export-latest.tar.gz", new Uint8Array([7, 8, 9]));
    const link = await storage.downloadLink(
      "export-latest.tar.gz",
      "blog-export-2026-11-27.tar.gz",
      60,
    );
    expect(link).toMatch(
      new RegExp(`^${url}/storage/v1/object/sign/uploads/export-latest\\.tar\\.gz\\?token=`),
    );
    const res = await fetch(link ?? "");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="blog-export-2026-11-27.tar.gz"',
    );
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([7, 8, 9]);
    // A link that has expired opens nothing.
    const expired = await storage.downloadLink("export-latest.tar.gz", "x.tar.gz", -1);
    expect((await fetch(expired ?? "")).status).toBe(400);
    // Nothing to sign, or a name that could leave the bucket: refused.
    await expect(storage.downloadLink("never.tar.gz", "x.tar.gz", 60)).rejects.toThrow("404");
    await expect(storage.downloadLink("../x", "x.tar.gz", 60)).rejects.toThrow("unsafe");
  });

  it("has no link on local disk: the API sends such a file itself", async () => {
    const storage = localStorage(folder);
    await storage.put("export-latest.tar.gz", new Uint8Array([1]));
    expect(await storage.downloadLink("export-latest.tar.gz", "x.tar.gz", 60)).toBeNull();
  });

  it("is chosen by SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, local disk otherwise", () => {
    expect(storageFromEnv({ SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: KEY }).kind).toBe(
      "supabase",
    );
    expect(storageFromEnv({ SUPABASE_URL: url }).kind).toBe("local");
    expect(storageFromEnv({}).kind).toBe("local");
    expect(standIn.seen.some((line) => line.startsWith("POST /storage/v1/object/uploads/"))).toBe(
      true,
    );
  });
});
