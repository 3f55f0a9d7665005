import { beforeEach, describe, expect, it } from "vitest";
import type { AiSettingsRecord } from "../../shared/ai-settings.ts";
import { aiSettings, auditLogs } from "../db/schema.ts";
import { callJson, describeEachDb, userWithSession } from "../test-support.ts";
import { open, seal } from "./secret-box.ts";
import { aiConfigFor } from "./settings.ts";

// The chat's provider as the owner saves it in /bms: admins only, the key sealed in the
// database and never answered, an empty field falling back to the environment's.

const SECRET = "test-app-secret";

describe("secret box", () => {
  it("opens what it sealed under the same secret only", () => {
    const sealed = seal("sk-live-abc123", SECRET);
    expect(sealed).not.toContain("sk-live");
    expect(open(sealed, SECRET)).toBe("sk-live-abc123");
    expect(open(sealed, "another secret")).toBeNull();
    // One bit of the ciphertext or of the tag changed: refused (GCM authenticates both).
    const [version = "", iv = "", tag = "", body = ""] = sealed.split(".");
    const flipped = (part: string) => {
      const bytes = Buffer.from(part, "base64url");
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString("base64url");
    };
    expect(open([version, iv, tag, flipped(body)].join("."), SECRET)).toBeNull();
    expect(open([version, iv, flipped(tag), body].join("."), SECRET)).toBeNull();
    expect(open("garbage", SECRET)).toBeNull();
    expect(seal("same", SECRET)).not.toBe(seal("same", SECRET));
  });
});

describeEachDb(
  "AI provider settings API",
  (ctx) => {
    let admin = "";
    beforeEach(async () => {
      admin = (await userWithSession(ctx().database.db, { role: "admin" })).token;
    });
    const api = (method: string, body?: unknown, token = admin) =>
      callJson(ctx().app, method, "/api/admin/ai", {
        token,
        ...(body !== undefined ? { body } : {}),
      });
    const fields = {
      baseUrl: "http://127.0.0.1:11434/v1",
      model: "qwen2.5:7b",
      embeddingModel: "",
    };

    it("keeps the key sealed, answers only its last four characters, and keeps it until replaced or removed", async () => {
      const first = await api("GET");
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        baseUrl: "",
        hasKey: false,
        canStoreKey: true,
        configured: false,
        updatedAt: null,
      });
      const saved = await api("PUT", { ...fields, apiKey: "sk-owner-secret-9876" });
      expect(saved.status).toBe(200);
      const record = saved.body.data as AiSettingsRecord;
      expect(record).toMatchObject({ ...fields, hasKey: true, keyHint: "9876", configured: true });
      expect(JSON.stringify(saved.body)).not.toContain("sk-owner-secret");
      const [row] = await ctx().database.db.select().from(aiSettings);
      expect(row?.apiKeySealed).not.toContain("sk-owner");
      // The audit log keeps the change without the key.
      const audited = await ctx().database.db.select().from(auditLogs);
      expect(audited.map((a) => a.action)).toContain("ai.update");
      expect(JSON.stringify(audited)).not.toContain("sk-owner-secret");
      // The chat gets the key opened.
      const config = await aiConfigFor(ctx().database.db, {}, SECRET);
      expect(config).toEqual({ ...fields, apiKey: "sk-owner-secret-9876" });
      // Left out: kept. Empty: removed.
      await api("PUT", { ...fields, model: "llama3" });
      expect((await aiConfigFor(ctx().database.db, {}, SECRET)).apiKey).toBe(
        "sk-owner-secret-9876",
      );
      const removed = await api("PUT", { ...fields, apiKey: "" });
      expect(removed.body.data).toMatchObject({ hasKey: false, keyHint: "" });
      // Another secret cannot open a key sealed under this one.
      await api("PUT", { ...fields, apiKey: "sk-again-1111" });
      expect((await aiConfigFor(ctx().database.db, {}, "other")).apiKey).toBe("");
    });

    it("falls back to the environment for each field left empty", async () => {
      const env = {
        AI_BASE_URL: "https://api.example.com/v1",
        AI_MODEL: "env-model",
        AI_API_KEY: "sk-env",
      };
      expect(await aiConfigFor(ctx().database.db, env, SECRET)).toEqual({
        baseUrl: "https://api.example.com/v1",
        model: "env-model",
        embeddingModel: "",
        apiKey: "sk-env",
      });
      await api("PUT", { baseUrl: "", model: "owner-model", embeddingModel: "embed-1" });
      expect(await aiConfigFor(ctx().database.db, env, SECRET)).toEqual({
        baseUrl: "https://api.example.com/v1",
        model: "owner-model",
        embeddingModel: "embed-1",
        apiKey: "sk-env",
      });
    });

    it("refuses bad input and non-admins", async () => {
      const bad = await api("PUT", { ...fields, baseUrl: "javascript:alert(1)" });
      expect(bad.status).toBe(400);
      expect(bad.body.error?.issues?.[0]?.field).toBe("baseUrl");
      expect((await api("PUT", { ...fields, model: "a model; drop" })).status).toBe(400);
      expect((await api("PUT", { ...fields, apiKey: "has space" })).status).toBe(400);
      expect((await api("PUT", { ...fields, extra: 1 })).status).toBe(400);
      const reader = (await userWithSession(ctx().database.db)).token;
      expect((await api("GET", undefined, reader)).status).toBe(403);
      expect((await api("PUT", fields, reader)).status).toBe(403);
      expect((await callJson(ctx().app, "GET", "/api/admin/ai")).status).toBe(401);
    });
  },
  { app: { appSecret: SECRET } },
);
