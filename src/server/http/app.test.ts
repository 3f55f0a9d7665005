import { expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import { requestLogs } from "../db/schema.ts";
import { describeEachDb, postJson } from "../test-support.ts";
import { createApp } from "./app.ts";
import { BODY_LIMIT_BYTES } from "./body-limit.ts";
import { clientIpFrom } from "./middleware.ts";

describeEachDb("API envelope", (ctx) => {
  it("answers an unknown /api path with a 404 envelope and logs it", async () => {
    const { app, database } = ctx();
    const res = await app.request("/api/no-such-thing", {}, { clientIp: "192.0.2.1" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({
      code: 404,
      message: "No such API: GET /api/no-such-thing",
      data: null,
      error: { kind: "not_found" },
    });
    const logs = await database.db.select().from(requestLogs);
    expect(logs).toMatchObject([
      { method: "GET", path: "/api/no-such-thing", status: 404, ip: "192.0.2.1" },
    ]);
  });

  it("answers a wrong method with a 404 envelope", async () => {
    const { app } = ctx();
    const res = await app.request("/api/createFeedback");
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe(404);
  });

  it("rejects a body over 16 KB with a 413 envelope", async () => {
    const { app } = ctx();
    const res = await postJson(app, "/api/createFeedback", {
      subject: "x".repeat(BODY_LIMIT_BYTES),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413, data: null });
  });

  it("rejects a non-JSON content type with a 400 envelope", async () => {
    const { app } = ctx();
    const res = await app.request("/api/createFeedback", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "hello",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe(400);
  });
});

it("turns an unexpected failure into a 500 envelope without stack or SQL", async () => {
  const database = await createTestDatabase("pglite");
  const app = createApp({ db: database.db });
  await database.close(); // every query now throws
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    const res = await postJson(app, "/api/createFeedback", {
      subject: "s",
      description: "d",
      environment: {
        url: "http://localhost/",
        userAgent: "ua",
        viewport: "1×1",
        timestamp: "2026-11-22T00:00:00Z",
      },
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      code: 500,
      message: "Internal server error",
      data: null,
      error: { kind: "internal" },
    });
    expect(text).not.toMatch(/insert|select|at .*\.ts/i);
  } finally {
    console.error = original;
  }
  expect(errors.length).toBeGreaterThan(0);
});

it("takes the client address from X-Forwarded-For only behind a trusted proxy", () => {
  expect(clientIpFrom("198.51.100.1, 10.0.0.1", "127.0.0.1", true)).toBe("198.51.100.1");
  expect(clientIpFrom("198.51.100.1", "127.0.0.1", false)).toBe("127.0.0.1");
  expect(clientIpFrom(undefined, undefined, false)).toBeNull();
});
