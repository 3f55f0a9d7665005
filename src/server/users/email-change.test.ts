import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, users } from "../db/schema.ts";
import { composeMail } from "../mail/messages.ts";
import {
  callJson,
  codeIn,
  describeEachDb,
  encryptFor,
  lastMail,
  PASSWORD,
  userWithPassword,
  userWithSession,
} from "../test-support.ts";

describeEachDb("email change", (ctx) => {
  const owner = () => userWithPassword(ctx().database.db, { email: "owner@example.com" });

  async function ask(token: string, email: string, password = PASSWORD, ip?: string) {
    const { app } = ctx();
    return callJson(app, "POST", "/api/requestEmailChange", {
      token,
      body: { email, password: await encryptFor(app, password), locale: "en-US" },
      ...(ip ? { ip } : {}),
    });
  }

  const emailOf = async (id: string) => {
    const [row] = await ctx().database.db.select().from(users).where(eq(users.id, id));
    return row?.email;
  };

  describe("PUT /updateProfile", () => {
    it("refuses a new address without a code, free or taken alike, and changes nothing", async () => {
      const { app, database } = ctx();
      const { user, token } = await owner();
      await userWithSession(database.db, { email: "taken@example.com" });
      const free = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { email: "free@example.com", userName: "renamed" },
      });
      const taken = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { email: "taken@example.com", userName: "renamed" },
      });
      for (const answer of [free, taken]) {
        expect(answer.status).toBe(400);
        expect(answer.body.data.issues[0]).toMatchObject({
          field: "email",
          key: "validation.emailNeedsCode",
        });
      }
      expect(free.body).toEqual(taken.body);
      expect(await emailOf(user.id)).toBe("owner@example.com");
    });

    it("still saves the other fields when the email is sent unchanged", async () => {
      const { app } = ctx();
      const { token } = await owner();
      const res = await callJson(app, "PUT", "/api/updateProfile", {
        token,
        body: { email: "Owner@Example.com", userName: "renamed" },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.userName).toBe("renamed");
    });
  });

  describe("request and confirm", () => {
    it("needs the current password", async () => {
      const { database } = ctx();
      const { token } = await owner();
      const res = await ask(token, "new@example.com", "Wrong-123!");
      expect(res.status).toBe(400);
      expect(res.body.error?.issues?.[0]?.field).toBe("password");
      expect(await lastMail(database.db, "new@example.com")).toBeNull();
    });

    it("answers alike for a free and a taken address; only the free one gets a code", async () => {
      const { database } = ctx();
      const { token } = await owner();
      await userWithSession(database.db, { email: "taken@example.com" });
      const free = await ask(token, "free@example.com");
      const taken = await ask(token, "taken@example.com");
      expect(free.status).toBe(200);
      expect(taken.status).toBe(200);
      expect(free.body).toEqual(taken.body);
      expect(codeIn(await lastMail(database.db, "free@example.com"))).toMatch(/^\d{6}$/);
      const notice = await lastMail(database.db, "taken@example.com");
      expect(notice?.subject).toBe(composeMail("changeTaken", "en-US").subject);
      expect(notice?.subject).not.toMatch(/\d{6}/);
    });

    it("moves the account with the right code and tells the old address", async () => {
      const { app, database } = ctx();
      const { user, token } = await owner();
      expect((await ask(token, "new@example.com")).status).toBe(200);
      const code = codeIn(await lastMail(database.db, "new@example.com"));
      const wrong = await callJson(app, "POST", "/api/confirmEmailChange", {
        token,
        body: { email: "new@example.com", code: code === "000000" ? "000001" : "000000" },
      });
      expect(wrong.status).toBe(400);
      expect(await emailOf(user.id)).toBe("owner@example.com");
      const res = await callJson(app, "POST", "/api/confirmEmailChange", {
        token,
        body: { email: "new@example.com", code },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.email).toBe("new@example.com");
      expect(await emailOf(user.id)).toBe("new@example.com");
      const notice = await lastMail(database.db, "owner@example.com");
      expect(notice?.subject).toBe(composeMail("changed", "en-US").subject);
      expect(notice?.body).toContain("new@example.com");
      // The code is used up.
      const again = await callJson(app, "POST", "/api/confirmEmailChange", {
        token,
        body: { email: "new@example.com", code },
      });
      expect(again.status).toBe(400);
      const login = await callJson(app, "POST", "/api/login", {
        body: { email: "new@example.com", password: await encryptFor(app, PASSWORD) },
      });
      expect(login.status).toBe(200);
    });

    it("binds a code to the user who asked for it", async () => {
      const { app, database } = ctx();
      const { user, token } = await owner();
      const other = await userWithPassword(database.db, { email: "other@example.com" });
      await ask(token, "new@example.com");
      const code = codeIn(await lastMail(database.db, "new@example.com"));
      const stolen = await callJson(app, "POST", "/api/confirmEmailChange", {
        token: other.token,
        body: { email: "new@example.com", code },
      });
      expect(stolen.status).toBe(400);
      expect(await emailOf(other.user.id)).toBe("other@example.com");
      expect(await emailOf(user.id)).toBe("owner@example.com");
    });

    it("needs a session", async () => {
      const { app } = ctx();
      const res = await callJson(app, "POST", "/api/confirmEmailChange", {
        body: { email: "new@example.com", code: "123456" },
      });
      expect(res.status).toBe(401);
    });

    it("throttles probing: 100 requests from one address get at most 30 mails out", async () => {
      const { database } = ctx();
      const { token } = await owner();
      const answers = [];
      for (let i = 0; i < 100; i += 1) {
        answers.push(await ask(token, `probe${i}@example.com`, PASSWORD, "198.51.100.50"));
      }
      const ok = answers.filter((a) => a.status === 200).length;
      expect(ok).toBeLessThanOrEqual(30);
      expect(answers.filter((a) => a.status === 429).length).toBe(100 - ok);
      expect(answers.some((a) => a.status === 409)).toBe(false);
      expect((await database.db.select().from(outbox)).length).toBeLessThanOrEqual(30);
    }, 120_000);
  });
});
