import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type StorageStandIn,
  startStorageStandIn,
} from "../../../tests/support/supabase-stand-in.ts";
import type { Storage } from "../storage/storage.ts";
import { supabaseStorage } from "../storage/storage.ts";
import { call, callJson, describeEachDb, userWithPassword } from "../test-support.ts";
import { readArchive } from "./archive.ts";
import { EXPORT_BLOB } from "./routes.ts";

// The back office's download: the admin's archive, dated, without password hashes, kept in
// storage and fetched from there. Who may call it is checked with every other route by the
// guard matrix (users.guards.test.ts).

const day = () => new Date().toISOString().slice(0, 10);

interface Made {
  fileName: string;
  bytes: number;
  url: string | null;
}

async function usersOf(archive: Uint8Array) {
  const { manifest, files } = await readArchive(archive);
  const users: { userName: string; passwordHash: string | null }[] = JSON.parse(
    new TextDecoder().decode(files.get("data/users.json")),
  );
  return { manifest, users };
}

describeEachDb("the export on a server with its own disk", (ctx) => {
  it("is made, kept and then sent as a dated download, without password hashes", async () => {
    const { token } = await userWithPassword(ctx().database.db, { role: "admin" });
    await userWithPassword(ctx().database.db, { userName: "读者" });
    const made = await callJson(ctx().app, "POST", "/api/admin/export", { token });
    expect(made.status).toBe(200);
    const fileName = `blog-export-${day()}.tar.gz`;
    const data: Made = made.body.data;
    expect(data).toMatchObject({ fileName, url: null });

    const res = await call(ctx().app, "GET", `/api/admin/export/${fileName}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${fileName}"`);
    const archive = new Uint8Array(await res.arrayBuffer());
    expect(archive.byteLength).toBe(data.bytes);
    const { manifest, users } = await usersOf(archive);
    expect(manifest.withPasswordHashes).toBe(false);
    expect(manifest.counts.users).toBe(2);
    expect(users.map((u) => u.passwordHash)).toEqual([null, null]);
    expect(users.map((u) => u.userName)).toContain("读者");
  });

  it("refuses a reader and a name that is not an export's", async () => {
    const reader = await userWithPassword(ctx().database.db);
    expect(
      (await call(ctx().app, "POST", "/api/admin/export", { token: reader.token })).status,
    ).toBe(403);
    const { token } = await userWithPassword(ctx().database.db, { role: "admin" });
    const bad = await call(ctx().app, "GET", "/api/admin/export/..%2Fsecrets.tar.gz", { token });
    expect(bad.status).toBe(400);
  });

  it("keeps one export: the next replaces it", async () => {
    const { token } = await userWithPassword(ctx().database.db, { role: "admin" });
    await call(ctx().app, "POST", "/api/admin/export", { token });
    await userWithPassword(ctx().database.db, { userName: "later" });
    await call(ctx().app, "POST", "/api/admin/export", { token });
    const res = await call(ctx().app, "GET", `/api/admin/export/blog-export-${day()}.tar.gz`, {
      token,
    });
    const { users } = await usersOf(new Uint8Array(await res.arrayBuffer()));
    expect(users.map((u) => u.userName)).toContain("later");
  });
});

describeEachDb("the export's download before any export", (ctx) => {
  it("answers 404 with an envelope", async () => {
    const { token } = await userWithPassword(ctx().database.db, { role: "admin" });
    const none = await callJson(ctx().app, "GET", `/api/admin/export/blog-export-${day()}.tar.gz`, {
      token,
    });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("No export has been made yet");
  });
});

// On Netlify: Supabase Storage (a loopback stand-in of its API) keeps the archive, and the
// answer is a signed link the browser downloads from, so the file never passes through the
// function. The archive here is over 6 MB, more than a function may answer.
let standIn: StorageStandIn | undefined;
let remote: Storage | undefined;
const storage = (): Storage => {
  if (!remote) throw new Error("stand-in not started");
  return remote;
};
const viaStandIn: Storage = {
  kind: "supabase",
  put: (name, bytes) => storage().put(name, bytes),
  get: (name) => storage().get(name),
  delete: (name) => storage().delete(name),
  downloadLink: (name, fileName, seconds) => storage().downloadLink(name, fileName, seconds),
};
beforeAll(async () => {
  standIn = await startStorageStandIn({ serviceKey: "service-key", bucket: "uploads" });
  remote = supabaseStorage({ url: standIn.url, serviceKey: "service-key", bucket: "uploads" });
});
afterAll(() => standIn?.close());

describeEachDb(
  "the export on Netlify with Supabase Storage",
  (ctx) => {
    it("answers a signed link that downloads an archive larger than a function may send", async () => {
      // 7 MB that gzip cannot shrink, as the owner's avatar (a blob the database names).
      const big = new Uint8Array(7 * 1024 * 1024);
      for (let i = 0; i < big.length; i += 65_536) {
        crypto.getRandomValues(big.subarray(i, i + 65_536));
      }
      const avatar = `${crypto.randomUUID()}.png`;
      await storage().put(avatar, big);
      const { token } = await userWithPassword(ctx().database.db, {
        role: "admin",
        avatar: `/api/avatars/${avatar}`,
      });

      const made = await callJson(ctx().app, "POST", "/api/admin/export", { token });
      expect(made.status).toBe(200);
      const fileName = `blog-export-${day()}.tar.gz`;
      const url = made.body.data?.url ?? "";
      expect(
        url.startsWith(`${standIn?.url}/storage/v1/object/sign/uploads/${EXPORT_BLOB}?token=`),
      ).toBe(true);
      expect(made.body.data?.bytes).toBeGreaterThan(7 * 1024 * 1024);

      // The browser's download: no key, the dated name, the whole archive.
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${fileName}"`);
      const archive = new Uint8Array(await res.arrayBuffer());
      expect(archive.byteLength).toBe(made.body.data?.bytes);
      const { manifest } = await readArchive(archive);
      expect(manifest.counts.storageFiles).toBe(1);
      expect(manifest.missingBlobs).toEqual([]);
    });
  },
  { app: { storage: viaStandIn } },
);
