import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { sessions, users } from "../db/schema.ts";
import {
  callJson,
  encryptFor,
  login,
  PASSWORD,
  userWithPassword,
  userWithSession,
} from "../test-support.ts";
import { describeAsAdmin, LISTED_USER_KEYS } from "./users.test-support.ts";

// An admin manages the accounts: creates, lists, deletes, and changes them.

describeAsAdmin("user management", (ctx) => {
  it("creates a user with an encrypted password who can then log in", async () => {
    const {
      app,
      admin: { token },
    } = ctx();
    const create = async (body: Record<string, unknown>, password?: string) =>
      callJson(app, "POST", "/api/createUser", {
        token,
        body: { ...body, password: password ?? (await encryptFor(app, PASSWORD)) },
      });
    const res = await create({ email: "Editor@Example.com", userName: "editor", role: "admin" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email: "editor@example.com",
      userName: "editor",
      role: "admin",
      status: "active",
    });
    expect(res.body.data).not.toHaveProperty("isLogin");
    expect(JSON.stringify(res.body)).not.toContain("argon2");
    expect((await login(app, "editor@example.com")).status).toBe(200);

    const again = await create({ email: "editor@example.com", userName: "other" });
    expect(again.status).toBe(409);
    // Unencrypted, the password is refused.
    const plain = await create({ email: "x@example.com", userName: "xx" }, PASSWORD);
    expect(plain.status).toBe(400);
  });

  it("lists users by page, searching name or email and filtering role and status", async () => {
    const {
      app,
      database,
      admin: { token },
    } = ctx();
    for (let i = 0; i < 12; i += 1) {
      await userWithSession(database.db, {
        email: `reader${i}@example.com`,
        userName: `Reader${i}`,
        status: i % 3 === 0 ? "disabled" : "active",
      });
    }
    // Made a minute later, so "newest first" has one answer: rows made in the same tick
    // tie on their time, and a tie falls to their random ids.
    await userWithSession(database.db, {
      email: "zed@mail.test",
      userName: "Zed",
      createdAt: new Date(Date.now() + 60_000),
    });

    const first = await callJson(app, "GET", "/api/getAllUsers?page=1&pageSize=5", { token });
    expect(first.body.data).toMatchObject({ total: 14, page: 1, pageSize: 5 });
    expect(first.body.data.items).toHaveLength(5);
    const last = await callJson(app, "GET", "/api/getAllUsers?page=3&pageSize=5", { token });
    expect(last.body.data.items).toHaveLength(4);
    const item = first.body.data.items[0];
    expect(Object.keys(item).sort()).toEqual(LISTED_USER_KEYS);

    const byName = await callJson(app, "GET", "/api/getAllUsers?q=READER1", { token });
    expect(byName.body.data.items.map((u: { userName: string }) => u.userName).sort()).toEqual([
      "Reader1",
      "Reader10",
      "Reader11",
    ]);
    const byEmail = await callJson(app, "GET", "/api/getAllUsers?q=mail.TEST", { token });
    expect(byEmail.body.data.total).toBe(1);
    const wildcard = await callJson(app, "GET", "/api/getAllUsers?q=%25", { token });
    expect(wildcard.body.data.total).toBe(0);
    const admins = await callJson(app, "GET", "/api/getAllUsers?role=admin&status=", { token });
    expect(admins.body.data.items.map((u: { email: string }) => u.email)).toEqual([
      "boss@example.com",
    ]);
    const disabled = await callJson(app, "GET", "/api/getAllUsers?status=disabled", { token });
    expect(disabled.body.data.total).toBe(4);
    const bad = await callJson(app, "GET", "/api/getAllUsers?pageSize=1000", { token });
    expect(bad.status).toBe(400);
    const badRole = await callJson(app, "GET", "/api/getAllUsers?role=root", { token });
    expect(badRole.status).toBe(400);

    // Sorted by name or email, A to Z with case left out; the default is the newest first.
    const names = async (query: string) =>
      (
        await callJson(app, "GET", `/api/getAllUsers?pageSize=20&${query}`, { token })
      ).body.data.items.map((u: { userName: string }) => u.userName);
    const byNameOrder = await names("sort=name");
    expect(byNameOrder.slice(-2)).toEqual(["Reader9", "Zed"]);
    expect(byNameOrder.indexOf("Reader1")).toBeLessThan(byNameOrder.indexOf("Reader10"));
    expect((await names("sort=email")).at(-1)).toBe("Zed");
    expect((await names("sort=created"))[0]).toBe("Zed");
    expect((await names(""))[0]).toBe("Zed");
    const badSort = await callJson(app, "GET", "/api/getAllUsers?sort=age", { token });
    expect(badSort.status).toBe(400);
  });

  it("deletes several users at once and ends their sessions, never the caller", async () => {
    const { app, database, admin } = ctx();
    const a = await userWithSession(database.db);
    const b = await userWithSession(database.db);
    const self = await callJson(app, "POST", "/api/deleteUsers", {
      token: admin.token,
      body: { ids: [a.user.id, admin.user.id] },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You cannot delete your own account");
    expect(await database.db.select().from(users)).toHaveLength(3);

    const res = await callJson(app, "POST", "/api/deleteUsers", {
      token: admin.token,
      body: { ids: [a.user.id, b.user.id, a.user.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.deleted).toBe(2);
    for (const token of [a.token, b.token]) {
      expect((await callJson(app, "GET", "/api/verifyIdentity", { token })).status).toBe(401);
    }
    for (const ids of [[], Array(101).fill(a.user.id), ["not-a-uuid"]]) {
      const bad = await callJson(app, "POST", "/api/deleteUsers", {
        token: admin.token,
        body: { ids },
      });
      expect(bad.status).toBe(400);
    }
  });

  it("updates role, status and profile fields; disabling ends sessions at once", async () => {
    const { app, database, admin } = ctx();
    const reader = await userWithPassword(database.db);
    const profile = {
      userName: "renamed",
      desc: "Hello",
      sex: "female",
      birthday: "1990-02-28",
      avatar: "https://example.com/a.png",
    };
    const res = await callJson(app, "PUT", `/api/updateUsers/${reader.user.id}`, {
      token: admin.token,
      body: profile,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(profile);

    const promoted = await callJson(app, "PUT", `/api/updateUsers/${reader.user.id}`, {
      token: admin.token,
      body: { role: "admin" },
    });
    expect(promoted.body.data.role).toBe("admin");
    // The role is read live: the reader's existing session is an admin's now.
    expect((await callJson(app, "GET", "/api/getAllUsers", { token: reader.token })).status).toBe(
      200,
    );

    const disabled = await callJson(app, "PUT", `/api/updateUsers/${reader.user.id}`, {
      token: admin.token,
      body: { status: "disabled" },
    });
    expect(disabled.body.data.status).toBe("disabled");
    expect(
      (await callJson(app, "GET", "/api/verifyIdentity", { token: reader.token })).status,
    ).toBe(401);
    const live = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, reader.user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    // Enabling again does not bring the old session back.
    await callJson(app, "PUT", `/api/updateUsers/${reader.user.id}`, {
      token: admin.token,
      body: { status: "active" },
    });
    expect(
      (await callJson(app, "GET", "/api/verifyIdentity", { token: reader.token })).status,
    ).toBe(401);
  });

  it("refuses to demote or disable oneself, unknown ids and bad fields", async () => {
    const { app, database, admin } = ctx();
    for (const body of [{ role: "user" }, { status: "disabled" }]) {
      const res = await callJson(app, "PUT", `/api/updateUsers/${admin.user.id}`, {
        token: admin.token,
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("You cannot demote or disable yourself");
    }
    const own = await callJson(app, "PUT", `/api/updateUsers/${admin.user.id}`, {
      token: admin.token,
      body: { desc: "me" },
    });
    expect(own.status).toBe(200);
    const unknown = await callJson(
      app,
      "PUT",
      "/api/updateUsers/00000000-0000-4000-8000-000000000000",
      { token: admin.token, body: { desc: "x" } },
    );
    expect(unknown.status).toBe(404);
    const { user } = await userWithSession(database.db);
    for (const body of [
      {},
      { sex: "other" },
      { birthday: "2001-02-30" },
      { birthday: "2999-01-01" },
      { userName: "a" },
      { role: "root" },
      { avatar: "javascript:alert(1)" },
      { email: "x@example.com" },
    ]) {
      const res = await callJson(app, "PUT", `/api/updateUsers/${user.id}`, {
        token: admin.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});
