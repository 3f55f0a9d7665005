import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, expect, it } from "vitest";
import {
  DEFAULT_SETTINGS,
  type SaveSettingsInput,
  settingsFrom,
} from "../../shared/kinds/settings.ts";
import { media, siteSettings } from "../db/schema.ts";
import { localStorage } from "../storage/storage.ts";
import { callJson, describeEachDb, userWithSession } from "../test-support.ts";
import { seedDemoAdmin } from "../users/admin.ts";
import { demoSettings, seedDemoSettings } from "./demo.ts";
import { saveSettings } from "./settings-repository.ts";

// The demo site's settings (the embedded database's seed outside production): an author with a
// picture taken into the media library from a seed photo, once, and never over saved settings.

const uploads = mkdtempSync(join(tmpdir(), "blog-demo-uploads-"));
const storage = localStorage(uploads);
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

describeEachDb("demo site settings", (ctx) => {
  beforeEach(async () => {
    rmSync(uploads, { recursive: true, force: true });
    await seedDemoAdmin(ctx().database.db);
  });

  it("seeds an author with a library picture, once; the library counts the picture as used", async () => {
    const { app, database } = ctx();
    expect(await seedDemoSettings(database.db, storage)).toBe(true);
    const [row] = await database.db.select().from(siteSettings);
    const settings = settingsFrom(row?.value);
    expect(settings.authorName).toEqual({ "zh-CN": "林墨", "en-US": "Lin Mo" });
    expect(settings.authorBio["en-US"]).not.toBe("");
    expect(settings.authorBio["zh-CN"]).not.toBe("");
    expect(settings.socialLinks.length).toBeGreaterThan(0);
    // The rest is the site as it was: its name, tagline, registration and feedback open.
    expect(settings).toMatchObject({
      title: DEFAULT_SETTINGS.title,
      tagline: DEFAULT_SETTINGS.tagline,
      registrationOpen: true,
      feedbackOpen: true,
    });

    const [image] = await database.db.select().from(media);
    expect(image).toMatchObject({ width: 850, height: 850, type: "image/jpeg", tags: ["demo"] });
    expect(settings.authorAvatar).toMatch(new RegExp(`^/api/media/m-${image?.id}-\\d+\\.webp$`));
    expect(readdirSync(uploads).length).toBeGreaterThan(1);
    const admin = (await userWithSession(database.db, { role: "admin" })).token;
    const record = await callJson(app, "GET", `/api/admin/media/${image?.id}`, { token: admin });
    expect(record.body.data.usedBy).toEqual([{ kind: "settings", id: "site", title: "Lin Mo" }]);
    expect(record.body.data.alt["en-US"]).not.toBe("");
    const unused = await callJson(app, "GET", "/api/admin/media?unused=1", { token: admin });
    expect(unused.status).toBe(200);
    expect(unused.body.data.items).toEqual([]);
    const removal = await callJson(app, "DELETE", `/api/admin/media/${image?.id}`, {
      token: admin,
    });
    expect(removal.status).toBe(409);
    // Its file is in the storage the library serves, under the name the settings give.
    expect(readdirSync(uploads)).toContain(settings.authorAvatar.split("/").at(-1));

    // Once in the life of the database.
    expect(await seedDemoSettings(database.db, storage)).toBe(false);
    expect(await database.db.select().from(media)).toHaveLength(1);
  });

  it("never writes over settings the owner saved, and leaves no picture behind", async () => {
    const { database } = ctx();
    const owners: SaveSettingsInput = {
      ...DEFAULT_SETTINGS,
      title: { "zh-CN": "我的站", "en-US": "My site" },
    };
    await saveSettings(database.db, { value: owners, updatedBy: null }, "none");
    expect(await seedDemoSettings(database.db, storage)).toBe(false);
    const [row] = await database.db.select().from(siteSettings);
    expect(settingsFrom(row?.value)).toEqual(owners);
    expect(await database.db.select().from(media)).toHaveLength(0);
    // Nor later, once they are gone.
    await database.db.delete(siteSettings);
    expect(await seedDemoSettings(database.db, storage)).toBe(false);
  });

  it("seeds the author without a picture when the seed photo is missing", async () => {
    const { database } = ctx();
    const missing = mkdtempSync(join(tmpdir(), "blog-demo-content-"));
    try {
      expect(await seedDemoSettings(database.db, storage, missing)).toBe(true);
    } finally {
      rmSync(missing, { recursive: true, force: true });
    }
    const [row] = await database.db.select().from(siteSettings);
    expect(settingsFrom(row?.value)).toEqual(demoSettings(""));
    expect(await database.db.select().from(media)).toHaveLength(0);
  });
});
