import { expect, test } from "@playwright/test";
import { newAdmin } from "./live-admin.ts";
import { needs } from "./support.ts";

// The site's settings through the API of the PostgreSQL server (`npm start` over HTTP): read,
// saved over the version opened, two saves sent at once (one goes through, the other is told),
// and refused to a reader. The form itself is placed in /bms/userSet by its screen, whose spec
// drives it. Registration and feedback stay open here: other spec files register accounts and
// send feedback on this server at the same time, so closing them is tested in-process
// (src/server/settings/settings.test.ts), and what the build makes of the settings in
// src/lib/settings.test.ts (this server does not rebuild its site).
needs("E2E_DATABASE_URL", "a PostgreSQL database of the run's own, as .ci/run creates");

interface Record {
  id: string;
  updatedAt: string | null;
  title: { "zh-CN": string; "en-US": string };
  registrationOpen: boolean;
  feedbackOpen: boolean;
  [field: string]: unknown;
}

test("the settings are saved over the version opened, and two saves at once never both go through", async ({
  request,
}) => {
  const admin = await newAdmin(request);
  const headers = { authorization: `Bearer ${admin.token}` };
  const read = async () => {
    const res = await request.get("/api/admin/settings", { headers });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).data as Record;
  };
  const opened = await read();
  expect(opened).toMatchObject({ id: "site", registrationOpen: true, feedbackOpen: true });
  const { id: _id, updatedAt: _at, ...fields } = opened;
  const condition = (record: Record) =>
    record.updatedAt ? { "if-match": `"${record.updatedAt}"` } : { "if-none-match": "*" };
  const save = (title: string, over: Record) =>
    request.put("/api/admin/settings", {
      headers: { ...headers, ...condition(over) },
      data: { ...fields, title: { "zh-CN": title, "en-US": title } },
    });

  // Two tabs that opened the same version save at once: one goes through, the other is told.
  const both = await Promise.all([save("One", opened), save("Two", opened)]);
  expect(both.map((res) => res.status()).sort()).toEqual([200, 409]);
  const refused = both.find((res) => res.status() === 409) ?? both[0];
  expect((await refused.json()).error).toMatchObject({
    kind: "conflict",
    issues: [{ field: "updatedAt", key: "bmsEditor.changedElsewhere" }],
  });
  const saved = await read();
  expect(["One", "Two"]).toContain(saved.title["en-US"]);
  expect(saved.updatedAt).not.toBeNull();

  // Saved over the version now stored: it goes through; over the one opened first: refused.
  const again = await save("Three", saved);
  expect(again.status()).toBe(200);
  expect((await save("Four", saved)).status()).toBe(409);
  expect((await read()).title["en-US"]).toBe("Three");

  // Put back what was there, over the version now stored.
  const restored = await request.put("/api/admin/settings", {
    headers: { ...headers, ...condition(await read()) },
    data: fields,
  });
  expect(restored.status()).toBe(200);
  expect((await read()).title).toEqual(opened.title);

  // Admins only.
  expect((await request.get("/api/admin/settings")).status()).toBe(401);
});
