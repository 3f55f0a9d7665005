import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { observatoryScan } from "../../../tests/support/observatory/index.ts";
import { apiHeaders } from "../../lib/security-headers.ts";
import { createTestApp, describeEachDb, postJson } from "../test-support.ts";

const uploads = mkdtempSync(join(tmpdir(), "blog-avatars-"));
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

const securityOf = (res: Response) =>
  Object.fromEntries(Object.keys(apiHeaders()).map((name) => [name, res.headers.get(name)]));

describeEachDb("API security headers", (ctx) => {
  it("are on answers, errors and not-found alike", async () => {
    const { app } = ctx();
    const answers = [
      await app.request("/api/encryption-key"),
      await app.request("/api/no-such-thing"),
      await postJson(app, "/api/createFeedback", "{not json"),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 404, 400]);
    for (const res of answers) expect(securityOf(res)).toEqual(apiHeaders());
  });

  it("score at least 115 on the Observatory's rules", async () => {
    const { app } = ctx();
    const res = await app.request("/api/encryption-key");
    const scan = observatoryScan({ headers: res.headers, body: await res.text() });
    expect(
      scan.tests.filter((t) => t.modifier !== 0).map((t) => `${t.result} ${t.modifier}`),
    ).toEqual([
      "csp-implemented-with-no-unsafe-default-src-none 10",
      "coop-implemented-with-same-origin 10",
      "referrer-policy-private 5",
      "x-frame-options-implemented-via-csp 5",
      "corp-implemented-with-same-origin 10",
    ]);
    expect(scan.score).toBe(140);
  });

  it("leave an avatar its own type and caching, under the API's policy", async () => {
    const { database } = ctx();
    const app = createTestApp(database.db, uploads);
    const name = `${randomUUID()}.png`;
    writeFileSync(join(uploads, name), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const res = await app.request(`/api/avatars/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(securityOf(res)).toEqual(apiHeaders());
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    );
  });
});
