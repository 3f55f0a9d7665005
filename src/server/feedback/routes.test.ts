import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { hashToken } from "../auth/sessions.ts";
import { feedback, sessions, users } from "../db/schema.ts";
import { describeEachDb, postJson } from "../test-support.ts";

const valid = {
  feedbackType: "suggestion",
  subject: "Dark mode code blocks",
  description: "Code blocks are hard to read in the dark theme.",
  screenshots: [],
  contact: "reader@example.com",
  environment: {
    url: "http://localhost:4321/articles",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
    viewport: "1280×720",
    timestamp: "2026-11-22T08:00:00.000Z",
  },
};

describeEachDb("POST /api/createFeedback", (ctx) => {
  it("stores a valid submission with status new and the server's receive time", async () => {
    const { app, database } = ctx();
    const before = Date.now();
    const res = await postJson(app, "/api/createFeedback", valid);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ code: 200, data: { status: "new" } });

    const rows = await database.db.select().from(feedback);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      id: body.data.id,
      feedbackType: "suggestion",
      subject: valid.subject,
      description: valid.description,
      contact: valid.contact,
      screenshots: [],
      environment: valid.environment,
      status: "new",
      userId: null,
    });
    // The receive time is the server's clock, not the client's timestamp.
    expect(row?.receivedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("defaults the type to bug and the contact to empty", async () => {
    const { app, database } = ctx();
    const { feedbackType: _t, contact: _c, screenshots: _s, ...minimal } = valid;
    const res = await postJson(app, "/api/createFeedback", minimal);
    expect(res.status).toBe(200);
    const [row] = await database.db.select().from(feedback);
    expect(row).toMatchObject({ feedbackType: "bug", contact: "", screenshots: [] });
  });

  it("records the submitter when a valid session token is sent", async () => {
    const { app, database } = ctx();
    const [user] = await database.db
      .insert(users)
      .values({ email: "reader@example.com", userName: "reader" })
      .returning();
    const token = randomBytes(32).toString("base64url");
    await database.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: user?.id ?? "",
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const res = await postJson(app, "/api/createFeedback", valid, {
      authorization: `Bearer ${token}`,
    });
    expect(res.status).toBe(200);
    const [row] = await database.db.select().from(feedback);
    expect(row?.userId).toBe(user?.id);
    const { requestLogs } = await import("../db/schema.ts");
    const [log] = await database.db.select().from(requestLogs);
    expect(log?.userId).toBe(user?.id);
  });

  it("ignores an unknown token and stores the submission anonymously", async () => {
    const { app, database } = ctx();
    const res = await postJson(app, "/api/createFeedback", valid, {
      authorization: `Bearer ${"x".repeat(43)}`,
    });
    expect(res.status).toBe(200);
    const [row] = await database.db.select().from(feedback);
    expect(row?.userId).toBeNull();
  });

  const bad: Array<[string, unknown, string]> = [
    ["missing subject", { ...valid, subject: undefined }, "subject"],
    ["blank subject", { ...valid, subject: "   " }, "subject"],
    ["blank description", { ...valid, description: "" }, "description"],
    ["too long subject", { ...valid, subject: "s".repeat(101) }, "subject"],
    ["too long description", { ...valid, description: "d".repeat(2001) }, "description"],
    ["unknown type", { ...valid, feedbackType: "rant" }, "feedbackType"],
    ["bad contact", { ...valid, contact: "call me maybe" }, "contact"],
    [
      "four screenshots",
      { ...valid, screenshots: Array(4).fill("https://e.x/a.png") },
      "screenshots",
    ],
    ["unknown field", { ...valid, admin: true }, "(body)"],
    [
      "unknown environment field",
      { ...valid, environment: { ...valid.environment, x: 1 } },
      "environment",
    ],
    [
      "bad viewport",
      { ...valid, environment: { ...valid.environment, viewport: "big" } },
      "environment.viewport",
    ],
    [
      "bad timestamp",
      { ...valid, environment: { ...valid.environment, timestamp: "yesterday" } },
      "environment.timestamp",
    ],
    ["missing environment", { ...valid, environment: undefined }, "environment"],
    ["not an object", [1, 2, 3], "(body)"],
  ];

  it.each(bad)(
    "rejects %s with a 400 naming the field and stores nothing",
    async (_name, body, field) => {
      const { app, database } = ctx();
      const res = await postJson(app, "/api/createFeedback", body);
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json.code).toBe(400);
      expect(json.message).toContain(field);
      expect(await database.db.select().from(feedback)).toHaveLength(0);
    },
  );

  // Security issue 11: only http(s) URLs belong in environment.url and screenshots.
  const dangerousUrls = [
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "JaVaScRiPt:alert(document.cookie)",
    "javascript://example.com/%0Aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "vbscript:msgbox(1)",
    " javascript:alert(1)",
    "\tjavascript:alert(1)",
    "\njavascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "jav\rascript:alert(1)",
    "file:///etc/passwd",
    "ftp://example.com/a",
    "blob:https://example.com/0b6c5e2a",
    "mailto:someone@example.com",
    "http:example.com",
    "https:/example.com",
  ];

  it.each(dangerousUrls)(
    "refuses %j as the page address or a screenshot, storing nothing",
    async (url) => {
      const { app, database } = ctx();
      for (const [field, body] of [
        ["environment.url", { ...valid, environment: { ...valid.environment, url } }],
        ["screenshots", { ...valid, screenshots: ["https://example.com/a.png", url] }],
      ] as const) {
        const res = await postJson(app, "/api/createFeedback", body);
        expect(res.status, field).toBe(400);
        const json = await res.json();
        expect(json.code).toBe(400);
        expect(json.message).toContain(field);
      }
      expect(await database.db.select().from(feedback)).toHaveLength(0);
    },
  );

  it("still takes http and https addresses and screenshots", async () => {
    const { app, database } = ctx();
    const screenshots = ["https://example.com/a.png", "HTTP://example.com/b.png"];
    for (const url of ["https://blog.example/articles/x?y=1#z", "http://localhost:4321/"]) {
      const res = await postJson(app, "/api/createFeedback", {
        ...valid,
        screenshots,
        environment: { ...valid.environment, url },
      });
      expect(res.status, url).toBe(200);
    }
    const rows = await database.db.select().from(feedback);
    expect(rows.map((r) => r.environment.url).sort()).toEqual([
      "http://localhost:4321/",
      "https://blog.example/articles/x?y=1#z",
    ]);
    expect(rows[0]?.screenshots).toEqual(screenshots);
  });

  it("rejects malformed JSON with a 400 envelope and stores nothing", async () => {
    const { app, database } = ctx();
    const res = await postJson(app, "/api/createFeedback", '{"subject": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, data: null });
    expect(await database.db.select().from(feedback)).toHaveLength(0);
  });

  it("records the request in the request log with the client address", async () => {
    const { app, database } = ctx();
    await postJson(app, "/api/createFeedback", valid, {}, "198.51.100.4");
    const { requestLogs } = await import("../db/schema.ts");
    const logs = await database.db
      .select()
      .from(requestLogs)
      .where(eq(requestLogs.path, "/api/createFeedback"));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      method: "POST",
      status: 200,
      ip: "198.51.100.4",
      userId: null,
    });
    expect(logs[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });
});
