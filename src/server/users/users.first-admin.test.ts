import { expect, it } from "vitest";
import { users } from "../db/schema.ts";
import { describeEachDb, login, PASSWORD, userWithSession } from "../test-support.ts";
import { DEMO_ADMIN, ensureAdmin, seedDemoAdmin } from "./admin.ts";

// The first admin of an installation (`ensureAdmin`) and the demo admin of the embedded database.

describeEachDb("first admin and demo admin", (ctx) => {
  it("creates an admin, or promotes an existing user", async () => {
    const { database } = ctx();
    const created = await ensureAdmin(database.db, {
      email: "owner@example.com",
      password: PASSWORD,
    });
    expect(created).toMatchObject({
      outcome: "created",
      user: { role: "admin", userName: "owner" },
    });
    const { user } = await userWithSession(database.db, {
      email: "reader@example.com",
      status: "disabled",
    });
    const promoted = await ensureAdmin(database.db, { email: "reader@example.com" });
    expect(promoted).toMatchObject({
      outcome: "promoted",
      passwordSet: false,
      user: { id: user.id, role: "admin", status: "active" },
    });
    expect(await ensureAdmin(database.db, { email: "new@example.com" })).toEqual({
      outcome: "password-required",
    });
    await expect(
      ensureAdmin(database.db, { email: "weak@example.com", password: "weak" }),
    ).rejects.toThrow();
  });

  it("seeds the demo admin once in the life of the database", async () => {
    const { app, database } = ctx();
    expect(await seedDemoAdmin(database.db)).toBe(true);
    expect(await seedDemoAdmin(database.db)).toBe(false);
    const answer = await login(app, DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(answer.status).toBe(200);
    expect(answer.body.data.user.role).toBe("admin");
    await database.db.delete(users);
    expect(await seedDemoAdmin(database.db)).toBe(false);
  });
});
