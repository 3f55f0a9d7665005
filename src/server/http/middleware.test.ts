import { eq } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { requestLogs } from "../db/schema.ts";
import { describeEachDb } from "../test-support.ts";

// Security issue 11: every request is logged, whatever its path. PostgreSQL's text refuses
// NUL (`invalid byte sequence for encoding "UTF8": 0x00`), so a path with %00 lost its row.

describeEachDb("request log", (ctx) => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The rows logged, with any console.error the log write made. */
  async function logged(send: () => Response | Promise<Response>) {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await send();
    const rows = await ctx().database.db.select().from(requestLogs);
    return { res, rows, errors: errors.mock.calls.map((call) => call.map(String).join(" ")) };
  }

  it("logs a path with an encoded NUL, the NUL shown as U+FFFD", async () => {
    const { app } = ctx();
    const { res, rows, errors } = await logged(() =>
      app.request("/api/x%00y", {}, { clientIp: "192.0.2.1" }),
    );
    expect(res.status).toBe(404);
    expect(errors).toEqual([]);
    expect(rows).toMatchObject([
      { method: "GET", path: "/api/x\uFFFDy", status: 404, ip: "192.0.2.1" },
    ]);
  });

  it("logs a path written with a raw NUL (the URL parser encodes it on the way in)", async () => {
    const { app } = ctx();
    const { rows, errors } = await logged(() =>
      app.request(new Request("http://localhost/api/a\u0000b/%00%00"), { method: "POST" }),
    );
    expect(errors).toEqual([]);
    expect(rows).toMatchObject([{ method: "POST", path: "/api/a\uFFFDb/\uFFFD\uFFFD" }]);
  });

  it("logs a NUL in the client address", async () => {
    const { app } = ctx();
    const { rows, errors } = await logged(() =>
      app.request("/api/no-such-thing", {}, { clientIp: "192.0.2.1\u0000" }),
    );
    expect(errors).toEqual([]);
    expect(rows).toMatchObject([{ ip: "192.0.2.1\uFFFD" }]);
  });

  it("keeps the length bound without cutting a character in two", async () => {
    const { app } = ctx();
    // 512 UTF-16 units end between the two halves of the emoji.
    const path = `/api/${"a".repeat(505)}%00${encodeURIComponent("😀")}tail`;
    const { rows, errors } = await logged(() => app.request(path));
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1);
    const logged512 = rows[0]?.path ?? "";
    expect(logged512).toHaveLength(512);
    expect(logged512.endsWith("a\uFFFD\uFFFD")).toBe(true);
    expect(logged512.isWellFormed()).toBe(true);
  });

  it("still logs ordinary paths as they are", async () => {
    const { app, database } = ctx();
    await app.request("/api/no-such-thing/中文");
    const rows = await database.db
      .select()
      .from(requestLogs)
      .where(eq(requestLogs.path, "/api/no-such-thing/中文"));
    expect(rows).toHaveLength(1);
  });
});
