import { expect, it } from "vitest";
import { callJson, describeEachDb, login, userWithPassword } from "../test-support.ts";

// The caller's own sessions: where they are signed in (the browser and a masked address), one
// ended by its id, every other ended at once; nobody reaches another's.

describeEachDb("the caller's sessions", (ctx) => {
  it("lists them with where they were opened, ends one, and ends all but this one", async () => {
    const { app, database } = ctx();
    // Made with a session of its own: four in all once the three logins below are in.
    const { user } = await userWithPassword(database.db, { email: "owner@example.com" });
    const phone = await callJson(app, "POST", "/api/login", {
      body: (await loginBody(app)).body,
      ip: "198.51.100.23",
      headers: { "user-agent": "Phone Browser/1.0" },
    });
    expect(phone.status).toBe(200);
    const laptop = (await login(app, "owner@example.com")).body.data.token;
    const third = (await login(app, "owner@example.com")).body.data.token;

    const list = await callJson(app, "GET", "/api/sessions", { token: laptop });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(4);
    const mine = list.body.data.filter((s: { current: boolean }) => s.current);
    expect(mine).toHaveLength(1);
    const fromPhone = list.body.data.find(
      (s: { userAgent: string | null }) => s.userAgent === "Phone Browser/1.0",
    );
    expect(fromPhone).toMatchObject({
      ip: "198.51.100.*",
      current: false,
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
    });

    // Another user cannot end it, nor see it.
    const other = (await userWithPassword(database.db, { email: "other@example.com" })).token;
    expect(
      (await callJson(app, "DELETE", `/api/sessions/${fromPhone.id}`, { token: other })).status,
    ).toBe(404);
    expect((await callJson(app, "GET", "/api/sessions", { token: other })).body.data).toHaveLength(
      1,
    );

    const ended = await callJson(app, "DELETE", `/api/sessions/${fromPhone.id}`, { token: laptop });
    expect(ended.status).toBe(200);
    expect(
      (await callJson(app, "GET", "/api/verifyIdentity", { token: phone.body.data.token })).body
        .data,
    ).toMatchObject({
      success: false,
    });

    const rest = await callJson(app, "POST", "/api/sessions/revoke-others", { token: laptop });
    expect(rest.body.data).toEqual([expect.objectContaining({ current: true })]);
    expect((await callJson(app, "GET", "/api/sessions", { token: third })).status).toBe(401);
    expect((await callJson(app, "GET", "/api/sessions", { token: laptop })).body.data).toHaveLength(
      1,
    );
    expect(user.id).toBeTruthy();

    expect((await callJson(app, "GET", "/api/sessions")).status).toBe(401);
    expect((await callJson(app, "DELETE", "/api/sessions/nothex", { token: laptop })).status).toBe(
      400,
    );
  });
});

/** A login body as the browser sends it (the password encrypted). */
async function loginBody(app: Parameters<typeof login>[0]) {
  const { encryptFor, PASSWORD } = await import("../test-support.ts");
  return { body: { email: "owner@example.com", password: await encryptFor(app, PASSWORD) } };
}
