import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LoaderContext } from "astro/loaders";
import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { tempFolders } from "../../tests/support/test-folders.ts";
import { resolveLocale, translator } from "../i18n/core.ts";
import type { Picture } from "../shared/kinds/photo.ts";
import {
  DEFAULT_SETTINGS,
  type SnapshotSettings,
  settingsCollectionFields,
} from "../shared/kinds/settings.ts";
import {
  type ContentSnapshot,
  emptySnapshot,
  readSnapshotFile,
  writeSnapshotFile,
} from "./content-snapshot.ts";
import { databaseOnly, entriesOf } from "./database-loader.ts";
import { headScript } from "./head-script.ts";

vi.mock("astro:content", () => ({ getEntry: async () => undefined }));
const { pageTitles, siteDescription } = await import("./settings.ts");

// The build's side of the site's settings: the snapshot carries them (an older file without
// them reads as none saved), the `settings` collection holds them as one entry, and what the
// pages print of them is escaped; the head script picks the language as `resolveLocale` does.

const scratch = tempFolders("blog-settings-");
afterAll(() => vi.unstubAllEnvs());

const AVATAR = "/api/media/m-0b5f3c3e-4a8e-4d6e-9a53-6f1c0d2b7a11-640.webp";
const picture: Picture = {
  width: 640,
  height: 480,
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
  variants: [
    { format: "webp", width: 160, height: 120, bytes: 10, src: AVATAR.replace("640", "160") },
    { format: "webp", width: 640, height: 480, bytes: 99, src: AVATAR },
  ],
};

const settings = (changes: Partial<SnapshotSettings> = {}): SnapshotSettings => ({
  ...DEFAULT_SETTINGS,
  avatarPicture: null,
  ...changes,
});

describe("the settings in the snapshot", () => {
  it("travel in its file, and a file written before them reads as none saved", () => {
    const dir = scratch();
    const file = join(dir, "snapshot.json");
    const saved = settings({ title: { "zh-CN": "墨", "en-US": "Ink" }, avatarPicture: picture });
    writeSnapshotFile(file, { ...emptySnapshot(), settings: saved });
    expect(readSnapshotFile(file)?.settings).toEqual(saved);

    const old: Record<string, unknown> = JSON.parse(readFileSync(file, "utf8"));
    delete old.settings;
    writeFileSync(file, JSON.stringify(old));
    expect(readSnapshotFile(file)?.settings).toBeNull();

    writeFileSync(file, JSON.stringify({ ...old, settings: { title: { "en-US": 1 } } }));
    expect(() => readSnapshotFile(file)).toThrow(/site_settings .*settings schema: title/);
  });

  it("are the settings collection's one entry once saved, and none before", async () => {
    expect(entriesOf("settings", emptySnapshot())).toEqual([]);
    const saved = settings({ feedbackOpen: false });
    const entries = entriesOf("settings", { ...emptySnapshot(), settings: saved });
    expect(entries).toEqual([
      {
        table: "site_settings",
        rowId: "site",
        label: "the site's settings",
        id: "site",
        data: saved,
      },
    ]);

    // The loader: what the last load stored goes, the snapshot's entry comes, as the collection's
    // schema reads it.
    const dir = scratch();
    const file = join(dir, "snapshot.json");
    const stored = new Map<string, { id: string; data: Record<string, unknown> }>([
      ["stale", { id: "stale", data: {} }],
    ]);
    const schema = z.object(settingsCollectionFields);
    const context = {
      collection: "settings",
      refreshContextData: { changedAt: file },
      store: {
        clear: () => stored.clear(),
        get: (id: string) => stored.get(id),
        set: (entry: { id: string; data: Record<string, unknown> }) => stored.set(entry.id, entry),
        delete: (id: string) => stored.delete(id),
        entries: () => [...stored],
      },
      meta: new Map<string, string>(),
      logger: { info: vi.fn(), warn: vi.fn() },
      parseData: async ({ data }: { data: Record<string, unknown> }) => schema.parse(data),
      generateDigest: (value: unknown) => JSON.stringify(value).length.toString(16),
    } as unknown as LoaderContext;
    const snapshot: ContentSnapshot = { ...emptySnapshot(), settings: saved };
    writeSnapshotFile(file, snapshot);
    vi.stubEnv("CONTENT_SNAPSHOT", file);
    await databaseOnly("settings").load(context);
    expect([...stored.keys()]).toEqual(["site"]);
    expect(stored.get("site")?.data).toEqual(saved);
  });
});

describe("the settings' titles and descriptions", () => {
  it("is the site as it was when nothing is saved", () => {
    const saved = settings();
    expect(saved.title).toEqual({
      "zh-CN": translator("zh-CN")("site.name"),
      "en-US": translator("en-US")("site.name"),
    });
    expect(siteDescription(saved, "en-US")).toBe(translator("en-US")("site.tagline"));
    expect(pageTitles({ "zh-CN": "文章", "en-US": "Articles" }, saved.title)).toEqual({
      "zh-CN": "文章 · 双墨",
      "en-US": "Articles · Two Inks",
    });
    expect(pageTitles(saved.title, saved.title)).toEqual(saved.title);
  });

  it("takes the description, else the tagline, in the language asked, else the other's", () => {
    const blank = { "zh-CN": "", "en-US": "" };
    expect(
      siteDescription(
        settings({ description: { "zh-CN": "简介", "en-US": "" }, tagline: blank }),
        "en-US",
      ),
    ).toBe("简介");
    expect(
      siteDescription(
        settings({ description: blank, tagline: { "zh-CN": "", "en-US": "Tag" } }),
        "zh-CN",
      ),
    ).toBe("Tag");
    expect(siteDescription(settings({ description: blank, tagline: blank }), "en-US")).toBe("");
  });
});

describe("the head script", () => {
  /** Runs the script in a page with `stored` kept and the browser speaking `browser`. */
  function run(script: string, stored: string | null, browser: string) {
    const root = {
      dataset: { titles: JSON.stringify({ "zh-CN": "中", "en-US": "En" }) } as Record<
        string,
        string
      >,
      lang: "",
      classList: { add: vi.fn() },
    };
    const document = { documentElement: root, title: "" };
    const localStorage = {
      getItem: (key: string) => (key === "app-locale" ? stored : null),
    };
    new Function("document", "localStorage", "navigator", script)(document, localStorage, {
      language: browser,
    });
    return { lang: root.lang, title: document.title, theme: root.dataset.theme };
  }

  it("picks the language as resolveLocale does: stored, then the browser's, then the site's default", () => {
    for (const siteDefault of ["en-US", "zh-CN"] as const) {
      const script = headScript(siteDefault);
      for (const stored of [null, "zh-CN", "en-US", "fr-FR"]) {
        for (const browser of ["zh-TW", "ZH", "en-GB", "fr-FR", "de", ""]) {
          const expected = resolveLocale(stored, browser, siteDefault);
          const page = run(script, stored, browser);
          expect(page.lang, `${siteDefault} ${stored} ${browser}`).toBe(expected);
          expect(page.title).toBe(expected === "zh-CN" ? "中" : "En");
        }
      }
    }
    // The default of a site that never chose one is SPEC's: non-Chinese browsers get en-US.
    expect(run(headScript("en-US"), null, "fr-FR")).toMatchObject({ lang: "en-US", theme: "dark" });
    expect(run(headScript("zh-CN"), null, "fr-FR").lang).toBe("zh-CN");
    expect(run(headScript("zh-CN"), null, "en-US").lang).toBe("en-US");
  });

  it("stays under 1 KB and is made once per default", () => {
    for (const siteDefault of ["en-US", "zh-CN"] as const) {
      expect(Buffer.byteLength(headScript(siteDefault))).toBeLessThan(1024);
      expect(headScript(siteDefault)).toBe(headScript(siteDefault));
    }
  });
});
