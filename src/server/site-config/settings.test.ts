import { beforeEach, expect, it } from "vitest";
import { changeLine } from "../../shared/build-status.ts";
import {
  DEFAULT_SETTINGS,
  type SaveSettingsInput,
  type SettingsRecord,
} from "../../shared/kinds/settings.ts";
import { askCode, registerAttempts } from "../auth/auth.test-support.ts";
import type { Publisher } from "../content/publisher.ts";
import { auditLogs, feedback, media, siteSettings } from "../db/schema.ts";
import { composeMail } from "../mail/messages.ts";
import { takeSnapshot } from "../site/snapshot.ts";
import {
  callJson,
  codeIn,
  describeEachDb,
  lastMail,
  postJson,
  userWithSession,
} from "../test-support.ts";

// The site's settings through the API on both engines: read (the defaults before any save),
// saved over the version opened (two tabs never overwrite each other unseen, even at once), the
// site rebuilt with them, and registration and feedback refused while closed.

const published: string[] = [];
/** What the publisher heard: each change on one line. */
const publisher: Publisher = { contentChanged: (change) => published.push(changeLine(change)) };

const MEDIA_ID = "0b6f0a6e-5c1d-4d3b-8a5e-2f1c0d9e8b7a";
const AVATAR = `/api/media/m-${MEDIA_ID}-640.webp`;

const body = (changes: Partial<SaveSettingsInput> = {}): SaveSettingsInput => ({
  ...DEFAULT_SETTINGS,
  ...changes,
});

const feedbackBody = {
  feedbackType: "suggestion",
  subject: "Dark mode",
  description: "Code blocks are hard to read.",
  environment: {
    url: "http://localhost:4321/",
    userAgent: "Mozilla/5.0",
    viewport: "1280×720",
    timestamp: "2026-11-22T08:00:00.000Z",
  },
};

describeEachDb(
  "site settings API",
  (ctx) => {
    let admin = "";
    beforeEach(async () => {
      published.length = 0;
      admin = (await userWithSession(ctx().database.db, { role: "admin" })).token;
    });
    const api = (method: string, body?: unknown, headers?: Record<string, string>) =>
      callJson(ctx().app, method, "/api/admin/settings", {
        token: admin,
        ...(body !== undefined ? { body } : {}),
        ...(headers ? { headers } : {}),
      });
    const read = async () => (await api("GET")).body.data as SettingsRecord;
    const ifMatch = (record: SettingsRecord) => ({ "if-match": `"${record.updatedAt}"` });
    /** Saves `changes` over the version read now. */
    async function change(changes: Partial<SaveSettingsInput>) {
      const now = await read();
      const { id: _id, updatedAt: _at, ...current } = now;
      const res = await api(
        "PUT",
        { ...current, ...changes },
        now.updatedAt ? ifMatch(now) : { "if-none-match": "*" },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as SettingsRecord;
    }

    it("answers the defaults until saved, then what was saved; admins only", async () => {
      expect(await read()).toEqual({ id: "site", ...DEFAULT_SETTINGS, updatedAt: null });
      const saved = await api(
        "PUT",
        body({
          title: { "zh-CN": "墨", "en-US": "Ink" },
          socialLinks: [{ label: "GitHub", url: "https://github.com/someone" }],
          defaultLocale: "zh-CN",
        }),
        { "if-none-match": "*" },
      );
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ code: 200, message: "Saved" });
      const record = saved.body.data as SettingsRecord;
      expect(record).toMatchObject({
        id: "site",
        title: { "zh-CN": "墨", "en-US": "Ink" },
        defaultLocale: "zh-CN",
      });
      expect(Date.parse(record.updatedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
      expect(await read()).toEqual(record);
      // The site is rebuilt with them, and the audit log names them.
      expect(published).toEqual(["settings.update"]);
      const [entry] = await ctx().database.db.select().from(auditLogs);
      expect(entry).toMatchObject({ action: "settings.update", targetId: "site" });

      const reader = (await userWithSession(ctx().database.db)).token;
      for (const method of ["GET", "PUT"]) {
        const options = method === "PUT" ? { body: body() } : {};
        expect((await callJson(ctx().app, method, "/api/admin/settings", options)).status).toBe(
          401,
        );
        expect(
          (await callJson(ctx().app, method, "/api/admin/settings", { ...options, token: reader }))
            .status,
        ).toBe(403);
      }
    });

    it("refuses a body that is not every setting by its rules, and changes nothing", async () => {
      const { registrationOpen: _left, ...missing } = body();
      for (const bad of [
        missing,
        { ...body(), extra: true },
        body({ title: { "zh-CN": "", "en-US": "Ink" } }),
        body({ socialLinks: [{ label: "x", url: "javascript:alert(1)" }] }),
        body({ authorAvatar: "https://elsewhere.example/me.png" }),
      ]) {
        const res = await api("PUT", bad);
        expect(res.status, JSON.stringify(bad)).toBe(400);
        expect(res.body.error?.kind).toBe("validation");
      }
      const wrong = await api("PUT", body({ title: { "zh-CN": "", "en-US": "Ink" } }));
      expect(wrong.body.error?.issues).toEqual([expect.objectContaining({ field: "title.zh-CN" })]);
      // An avatar must be an image still in the library.
      const gone = await api("PUT", body({ authorAvatar: AVATAR }));
      expect(gone.status).toBe(400);
      expect(gone.body.error?.issues).toEqual([
        expect.objectContaining({
          field: "authorAvatar",
          key: "bmsSettings.problems.avatarMissing",
        }),
      ]);
      expect(await ctx().database.db.select().from(siteSettings)).toEqual([]);
      expect(published).toEqual([]);
    });

    it("never saves over settings saved elsewhere, even when two saves are sent at once", async () => {
      // Two tabs opened the defaults: one save goes through, the other is told.
      const first = await Promise.all(
        ["One", "Two"].map((name) =>
          api("PUT", body({ title: { "zh-CN": name, "en-US": name } }), { "if-none-match": "*" }),
        ),
      );
      expect(first.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = first.find((r) => r.status === 409);
      expect(refused?.body.error).toMatchObject({
        kind: "conflict",
        issues: [{ field: "updatedAt", key: "bmsEditor.changedElsewhere" }],
      });

      // Two tabs opened the saved settings: the same.
      const opened = await read();
      const second = await Promise.all(
        ["Three", "Four"].map((name) =>
          api("PUT", body({ title: { "zh-CN": name, "en-US": name } }), ifMatch(opened)),
        ),
      );
      expect(second.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = second.find((r) => r.status === 200)?.body.data as SettingsRecord;
      expect(await read()).toEqual(winner);
      // A tab still on the older version is refused, and so is one that thinks none were saved.
      expect((await api("PUT", body(), ifMatch(opened))).status).toBe(409);
      expect((await api("PUT", body(), { "if-none-match": "*" })).status).toBe(409);
      // A malformed condition is refused; none at all saves over whatever is there.
      expect((await api("PUT", body(), { "if-match": "yesterday" })).status).toBe(400);
      expect((await api("PUT", body())).status).toBe(200);
      expect((await read()).title).toEqual(DEFAULT_SETTINGS.title);
      expect(published).toEqual(["settings.update", "settings.update", "settings.update"]);
    });

    it("gives the build the saved settings, with the avatar's picture", async () => {
      expect((await takeSnapshot(ctx().database.db)).settings).toBeNull();
      await ctx()
        .database.db.insert(media)
        .values({
          id: MEDIA_ID,
          name: "me.jpg",
          type: "image/jpeg",
          bytes: 1234,
          width: 640,
          height: 640,
          color: "#4477aa",
          placeholder: "AAAA",
          exif: {
            camera: null,
            lens: null,
            focalLength: null,
            aperture: null,
            shutter: null,
            iso: null,
            takenAt: null,
          },
          variants: [{ format: "webp", width: 640, height: 640, bytes: 999 }],
          alt: { "zh-CN": "", "en-US": "" },
          caption: { "zh-CN": "", "en-US": "" },
        });
      const saved = await change({
        authorName: { "zh-CN": "墨者", "en-US": "Inker" },
        authorAvatar: AVATAR,
        feedbackOpen: false,
      });
      // The library counts the settings among the avatar's uses and keeps it from being deleted.
      const image = await callJson(ctx().app, "GET", `/api/admin/media/${MEDIA_ID}`, {
        token: admin,
      });
      expect(image.body.data.usedBy).toEqual([{ kind: "settings", id: "site", title: "Inker" }]);
      const removal = await callJson(ctx().app, "DELETE", `/api/admin/media/${MEDIA_ID}`, {
        token: admin,
      });
      expect(removal.status).toBe(409);
      const { settings } = await takeSnapshot(ctx().database.db);
      const { id: _id, updatedAt: _at, ...fields } = saved;
      expect(settings).toEqual({
        ...fields,
        avatarPicture: {
          width: 640,
          height: 640,
          color: "#4477aa",
          placeholder: "AAAA",
          exif: expect.any(Object),
          variants: [{ format: "webp", width: 640, height: 640, bytes: 999, src: AVATAR }],
        },
      });
    });

    it("names the site by its saved title in the mails it sends", async () => {
      const { app, database } = ctx();
      await change({ title: { "zh-CN": "墨迹", "en-US": "Inkwell" } });
      expect((await askCode(app, "new@example.com")).status).toBe(200);
      const mail = await lastMail(database.db, "new@example.com");
      const code = codeIn(mail);
      expect(mail?.body).toBe(composeMail("code", "en-US", { code, site: "Inkwell" }).text);
      expect(mail?.body).toContain("Inkwell");
      expect(mail?.body).not.toContain(DEFAULT_SETTINGS.title["en-US"]);
    });

    it("refuses registration and its code while registration is closed, and takes them again once open", async () => {
      const { app } = ctx();
      await change({ registrationOpen: false });
      const code = await askCode(app, "new@example.com");
      expect(code.status).toBe(403);
      expect(code.body).toMatchObject({
        code: 403,
        message: "Registration is closed",
        data: null,
        error: {
          kind: "forbidden",
          issues: [{ field: "(body)", key: "siteSettings.registrationClosed" }],
        },
      });
      const attempt = await registerAttempts(app, "new@example.com");
      const refused = await attempt("123456");
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Registration is closed");
      // Refused before anything is read: even a body that is no registration at all.
      expect((await postJson(app, "/api/register", {})).status).toBe(403);
      // A password reset is no registration: still asked for as ever.
      expect((await askCode(app, "new@example.com", "/api/getResetEmailCode")).status).toBe(200);

      await change({ registrationOpen: true });
      expect((await askCode(app, "new@example.com")).status).toBe(200);
      // Open again: the code is checked as ever (a wrong one is a 400, not a 403).
      expect((await attempt("000000")).status).toBe(400);
    });

    it("refuses feedback while feedback is closed, and takes it again once open", async () => {
      const { app, database } = ctx();
      await change({ feedbackOpen: false });
      const res = await postJson(app, "/api/createFeedback", feedbackBody);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        code: 403,
        message: "Feedback is closed",
        error: { kind: "forbidden", issues: [{ key: "siteSettings.feedbackClosed" }] },
      });
      expect(await database.db.select().from(feedback)).toEqual([]);
      // Registration is another setting: still open.
      expect((await askCode(app, "other@example.com")).status).toBe(200);

      await change({ feedbackOpen: true });
      expect((await postJson(app, "/api/createFeedback", feedbackBody)).status).toBe(200);
      expect(await database.db.select().from(feedback)).toHaveLength(1);
    });
  },
  { publisher },
);
