import type { Context } from "@netlify/functions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db.ts";
import handler, { config } from "../api.mts";

// Only the fields the function reads; the rest of Netlify's context is irrelevant here.
const context = { ip: "203.0.113.9" } as Context;

describe("Netlify function", () => {
  it("is routed at /api/* and at the fediverse's public paths", () => {
    expect(config.path).toEqual([
      "/api/*",
      "/ap/*",
      "/.well-known/webfinger",
      "/.well-known/nodeinfo",
    ]);
  });

  it("answers a 503 envelope when no database is configured", async () => {
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    const errors = console.error;
    console.error = () => {};
    try {
      const res = await handler(
        new Request("http://site.test/api/createFeedback", { method: "POST" }),
        context,
      );
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 503,
        message: "Service not configured",
        data: null,
      });
    } finally {
      console.error = errors;
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("Netlify function on PostgreSQL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database.close();
  });

  it("stores feedback through the same app", async () => {
    // The function reads DATABASE_URL the way Netlify provides it.
    process.env.DATABASE_URL = database.url;
    const res = await handler(
      new Request("http://site.test/api/createFeedback", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          subject: "From Netlify",
          description: "Works",
          environment: {
            url: "https://blog.example/",
            userAgent: "UA",
            viewport: "1×1",
            timestamp: "2026-11-22T00:00:00Z",
          },
        }),
      }),
      context,
    );
    // The blog's actor, found by WebFinger at its public path through the same function.
    const finger = await handler(
      new Request("http://site.test/.well-known/webfinger?resource=acct:blog@site.test"),
      context,
    );
    delete process.env.DATABASE_URL;
    expect(finger.status).toBe(200);
    expect((await finger.json()).links[0].href).toBe("http://site.test/ap/actor/blog");
    expect(res.status).toBe(200);
    const { feedback, requestLogs } = await import("../../src/server/db/schema.ts");
    expect(await database.db.select().from(feedback)).toMatchObject([{ subject: "From Netlify" }]);
    expect(await database.db.select().from(requestLogs)).toMatchObject([
      { ip: "203.0.113.9", status: 200 },
      { ip: "203.0.113.9", status: 200 },
    ]);
  });
});
