import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerWithCode } from "../auth/auth.test-support.ts";
import { users } from "../db/schema.ts";
import type { App } from "../http/app.ts";
import {
  callJson,
  describeEachDb,
  encryptFor,
  login,
  PASSWORD,
  userWithPassword,
  userWithSession,
} from "../test-support.ts";
import { adminSession } from "./users.test-support.ts";

// What an account changes of its own: profile, password and avatar.

describeEachDb("own account", (ctx) => {
  describe("reserved names", () => {
    it("refuses a reader the owner's names, in any case, at registration and in the profile", async () => {
      const { app, database } = ctx();
      for (const [i, userName] of ["admin", "Admin", "ADMIN2", "root", "Owner"].entries()) {
        const res = await registerWithCode(ctx(), `reader${i}@example.com`, userName);
        expect(res.status, userName).toBe(400);
        expect(res.body.data.issues[0]).toMatchObject({
          field: "userName",
          key: "validation.userNameReserved",
        });
      }
      const { token } = await userWithSession(database.db, { userName: "reader7" });
      const renamed = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { userName: "Administr" },
      });
      expect(renamed.status).toBe(400);
      expect(renamed.body.data.issues[0].key).toBe("validation.userNameReserved");
      // The owner (an admin) may take one.
      const owner = await userWithSession(database.db, { role: "admin", userName: "owner7" });
      const ownerRenamed = await callJson(app, "PUT", "/api/updateProfile", {
        token: owner.token,
        body: { userName: "admin" },
      });
      expect(ownerRenamed.status).toBe(200);
    });
  });

  describe("own profile and password", () => {
    it("updates the profile and answers the stored user", async () => {
      const { app, database } = ctx();
      const { token } = await userWithSession(database.db, { email: "me@example.com" });
      await userWithSession(database.db, { email: "taken@example.com" });
      const res = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: {
          email: "Me@Example.com",
          userName: "me2",
          desc: "About me",
          sex: "male",
          birthday: "2000-01-31",
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        isLogin: true,
        email: "me@example.com",
        userName: "me2",
        desc: "About me",
        sex: "male",
        birthday: "2000-01-31",
        role: "user",
      });
      const cleared = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { birthday: "" },
      });
      expect(cleared.body.data.birthday).toBeNull();

      const taken = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { email: "taken@example.com" },
      });
      // A new address, taken or not, changes only with a code (email-change.test.ts).
      expect(taken.status).toBe(400);
      expect(taken.body.data.issues[0].key).toBe("validation.emailNeedsCode");
      const badEmail = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { email: "nope" },
      });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.message).toBe("Please enter a valid email address");
      const emptyName = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { userName: "" },
      });
      expect(emptyName.body.message).toBe("Username cannot be empty");
      const role = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { role: "admin" },
      });
      expect(role.status).toBe(400);
    });

    it("changes the password with the current one and ends the other sessions", async () => {
      const { app, database } = ctx();
      const { user, token } = await userWithPassword(database.db, { email: "me@example.com" });
      const other = (await login(app, "me@example.com")).body.data.token;
      const change = async (oldPassword: string, newPassword: string) =>
        callJson(app, "POST", "/api/changePassword", {
          token,
          body: {
            oldPassword: await encryptFor(app, oldPassword),
            newPassword: await encryptFor(app, newPassword),
          },
        });

      const wrong = await change("Wrong-123", "Next-456!");
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe("The current password is incorrect");
      const weak = await change(PASSWORD, "short");
      expect(weak.status).toBe(400);
      expect(weak.body.data.issues[0].field).toBe("newPassword");

      const res = await change(PASSWORD, "Next-456!");
      expect(res.status).toBe(200);
      expect((await callJson(app, "GET", "/api/verifyIdentity", { token })).status).toBe(200);
      expect((await callJson(app, "GET", "/api/verifyIdentity", { token: other })).status).toBe(
        401,
      );
      const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect((await login(app, "me@example.com", "Next-456!")).status).toBe(200);
    });
  });

  describe("avatar", () => {
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const WEBP = new Uint8Array([
      ...new TextEncoder().encode("RIFF"),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode("WEBPVP8 "),
    ]);
    const upload = (app: App, token: string | undefined, bytes: Uint8Array, type = "image/png") => {
      const form = new FormData();
      // The arrays above are backed by plain ArrayBuffers, which is all File takes.
      form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "me.png", { type }));
      return app.request(
        "/api/uploadAvatar",
        { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} },
        { clientIp: "203.0.113.7" },
      );
    };

    it("stores a PNG or WebP avatar, serves it and replaces the previous one", async () => {
      const { app, database } = ctx();
      const { token } = await userWithSession(database.db);
      const first = await upload(app, token, PNG);
      expect(first.status).toBe(200);
      const user = (await first.json()).data;
      expect(user.isLogin).toBe(true);
      expect(user.avatar).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\.png$/);
      const served = await app.request(user.avatar);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

      const second = await upload(app, token, WEBP, "image/png");
      const next = (await second.json()).data;
      expect(next.avatar).toMatch(/\.webp$/);
      expect((await app.request(next.avatar)).headers.get("content-type")).toBe("image/webp");
      const gone = await app.request(user.avatar);
      expect(gone.status).toBe(404);
      expect((await gone.json()).code).toBe(404);
    });

    it("refuses other files, big files, strangers and other encodings", async () => {
      const { app, database } = ctx();
      const { token, user } = await userWithSession(database.db);
      const svg = new TextEncoder().encode("<svg onload=alert(1)></svg>");
      expect((await upload(app, token, svg, "image/png")).status).toBe(400);
      const big = new Uint8Array(2 * 1024 * 1024 + 1);
      big.set(PNG);
      expect((await upload(app, token, big)).status).toBe(413);
      expect((await upload(app, undefined, PNG)).status).toBe(401);
      const json = await callJson(app, "POST", "/api/uploadAvatar", { token, body: { file: "x" } });
      expect(json.status).toBe(400);
      const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.avatar).toBe("");
      expect((await app.request("/api/avatars/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
    });

    it("drops a deleted user's avatar", async () => {
      const { app, database } = ctx();
      const admin = await adminSession(database.db);
      const reader = await userWithSession(database.db);
      const { avatar } = (await (await upload(app, reader.token, PNG)).json()).data;
      await callJson(app, "POST", "/api/deleteUsers", {
        token: admin.token,
        body: { ids: [reader.user.id] },
      });
      expect((await app.request(avatar)).status).toBe(404);
    });
  });
});
