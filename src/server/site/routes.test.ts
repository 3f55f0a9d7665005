import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db.ts";
import type { BuildStatus } from "../../shared/build-status.ts";
import type { Publisher } from "../content/publisher.ts";
import { createApp } from "../http/app.ts";
import { outboxMailer } from "../mail/mailer.ts";
import { localStorage } from "../storage/storage.ts";
import { callJson, userWithSession } from "../test-support.ts";

const PATH = "/api/admin/site/build";

describe("GET /api/admin/site/build", () => {
  let database: TestDatabase;
  const uploads = mkdtempSync(join(tmpdir(), "blog-uploads-"));
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  }, 60_000);
  beforeEach(async () => database.reset());
  afterAll(async () => {
    await database.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  const appWith = (publisher?: Publisher) =>
    createApp({
      db: database.db,
      mailer: outboxMailer(database.db, () => {}),
      storage: localStorage(uploads),
      ...(publisher ? { publisher } : {}),
    });

  it("answers admins only, with the publisher's status in the envelope", async () => {
    const status: BuildStatus = {
      mode: "rebuild",
      runs: [
        {
          id: 2,
          state: "failed",
          reasons: [{ action: "articles.update", item: "a" }],
          queuedAt: "2026-11-24T10:00:00.000Z",
          startedAt: "2026-11-24T10:00:00.200Z",
          finishedAt: "2026-11-24T10:00:05.000Z",
          errorLines: ["Broken"],
          leftOut: [],
          work: null,
        },
      ],
    };
    let asked = 0;
    const app = appWith({
      contentChanged() {},
      status: () => {
        asked += 1;
        return status;
      },
    });
    const anonymous = await callJson(app, "GET", PATH);
    expect([anonymous.status, anonymous.body.error?.kind]).toEqual([401, "unauthorized"]);
    const { token: userToken } = await userWithSession(database.db);
    expect((await callJson(app, "GET", PATH, { token: userToken })).status).toBe(403);
    expect(asked).toBe(0);
    const { token } = await userWithSession(database.db, { role: "admin" });
    const answer = await callJson(app, "GET", PATH, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 200, message: "OK", data: status });
    expect(asked).toBe(1);
  });

  it("says so when nothing rebuilds the site", async () => {
    const { token } = await userWithSession(database.db, { role: "admin" });
    const answer = await callJson(appWith(), "GET", PATH, { token });
    expect(answer.body.data).toEqual({ mode: "none", runs: [] });
  });
});
