import { describe, expect, it } from "vitest";
import { translator } from "../../i18n/core.ts";
import {
  DEFAULT_SETTINGS,
  isSocialUrl,
  type SaveSettingsInput,
  saveSettingsSchema,
  settingsFrom,
  siteSettingsSchema,
} from "./settings.ts";

// The site's settings, one definition: its defaults are the site as it was before it had any,
// its body takes every field and nothing else, and a stored value reads field by field.

const AVATAR = "/api/media/m-0b5f3c3e-4a8e-4d6e-9a53-6f1c0d2b7a11-640.webp";

const body = (changes: Partial<SaveSettingsInput> = {}): SaveSettingsInput => ({
  ...DEFAULT_SETTINGS,
  ...changes,
});

const problems = (value: unknown) =>
  (saveSettingsSchema.safeParse(value).error?.issues ?? []).map((issue) => issue.path.join("."));

describe("the site's settings", () => {
  it("default to the site as it was: its name and tagline messages, everything open, en-US", () => {
    for (const locale of ["zh-CN", "en-US"] as const) {
      const t = translator(locale);
      expect(DEFAULT_SETTINGS.title[locale]).toBe(t("site.name"));
      expect(DEFAULT_SETTINGS.tagline[locale]).toBe(t("site.tagline"));
      // The pages' meta description was the tagline.
      expect(DEFAULT_SETTINGS.description[locale]).toBe(t("site.tagline"));
    }
    expect(DEFAULT_SETTINGS).toMatchObject({
      authorName: { "zh-CN": "", "en-US": "" },
      authorBio: { "zh-CN": "", "en-US": "" },
      authorAvatar: "",
      socialLinks: [],
      registrationOpen: true,
      feedbackOpen: true,
      defaultLocale: "en-US",
    });
    // Each read gets its own objects: a page changing one cannot change the next's.
    const first = siteSettingsSchema.parse({});
    first.title["en-US"] = "changed";
    first.socialLinks.push({ label: "x", url: "https://example.com/" });
    expect(siteSettingsSchema.parse({})).toEqual(DEFAULT_SETTINGS);
  });

  it("takes a body with every field, trimmed, and refuses one with a field missing or unknown", () => {
    const saved = saveSettingsSchema.parse(
      body({
        title: { "zh-CN": " 墨 ", "en-US": " Ink " },
        authorAvatar: AVATAR,
        socialLinks: [{ label: " GitHub ", url: " https://github.com/someone " }],
        registrationOpen: false,
        defaultLocale: "zh-CN",
      }),
    );
    expect(saved).toMatchObject({
      title: { "zh-CN": "墨", "en-US": "Ink" },
      socialLinks: [{ label: "GitHub", url: "https://github.com/someone" }],
      registrationOpen: false,
      defaultLocale: "zh-CN",
    });
    const { feedbackOpen: _left, ...missing } = body();
    expect(problems(missing)).toEqual(["feedbackOpen"]);
    expect(problems({ ...body(), theme: "light" })).toEqual([""]);
    expect(problems({ ...body(), title: { "zh-CN": "墨", "en-US": "Ink", fr: "Encre" } })).toEqual([
      "title",
    ]);
  });

  it("holds each field to its rule", () => {
    expect(problems(body({ title: { "zh-CN": " ", "en-US": "x".repeat(61) } }))).toEqual([
      "title.zh-CN",
      "title.en-US",
    ]);
    // The tagline, description, name and bio may be empty, never too long.
    expect(
      problems(
        body({
          tagline: { "zh-CN": "", "en-US": "x".repeat(161) },
          description: { "zh-CN": "字".repeat(301), "en-US": "" },
          authorName: { "zh-CN": "", "en-US": "x".repeat(61) },
          authorBio: { "zh-CN": "字".repeat(501), "en-US": "" },
        }),
      ),
    ).toEqual(["tagline.en-US", "description.zh-CN", "authorName.en-US", "authorBio.zh-CN"]);
    expect(problems(body({ defaultLocale: "fr-FR" as "en-US" }))).toEqual(["defaultLocale"]);
    expect(problems(body({ registrationOpen: "no" as unknown as boolean }))).toEqual([
      "registrationOpen",
    ]);
    // The avatar: a library image or nothing.
    expect(problems(body({ authorAvatar: "" }))).toEqual([]);
    for (const src of ["https://elsewhere.example/a.png", "/images/me.png", "/api/media/x.webp"]) {
      expect(problems(body({ authorAvatar: src })), src).toEqual(["authorAvatar"]);
    }
  });

  it("takes up to 8 social links, each named, each an http(s) address elsewhere", () => {
    const link = (url: string, label = "Site") => ({ label, url });
    const eight = Array.from({ length: 8 }, (_, i) => link(`https://example.com/${i}`));
    expect(problems(body({ socialLinks: eight }))).toEqual([]);
    expect(problems(body({ socialLinks: [...eight, link("https://example.com/9")] }))).toEqual([
      "socialLinks",
    ]);
    expect(
      problems(
        body({
          socialLinks: [
            link("http://example.com/me"),
            link("https://example.com/", " "),
            link("https://example.com/", "x".repeat(41)),
            link(`https://example.com/${"a".repeat(500)}`),
          ],
        }),
      ),
    ).toEqual(["socialLinks.1.label", "socialLinks.2.label", "socialLinks.3.url"]);
    for (const url of [
      "javascript:alert(1)",
      "/about",
      "//evil.example/",
      "data:text/html,x",
      "mailto:me@example.com",
      "https://",
      "https://exa mple.com/",
      "",
    ]) {
      expect(isSocialUrl(url), url).toBe(false);
      expect(problems(body({ socialLinks: [link(url)] })), url).toEqual(["socialLinks.0.url"]);
    }
    expect(isSocialUrl("HTTPS://Example.com/@me")).toBe(true);
  });

  it("reads a stored value field by field: a field it lacks or breaks takes its default alone", () => {
    expect(settingsFrom(null)).toEqual(DEFAULT_SETTINGS);
    expect(settingsFrom("nonsense")).toEqual(DEFAULT_SETTINGS);
    const stored = settingsFrom({
      title: { "zh-CN": "墨", "en-US": "Ink" },
      feedbackOpen: false,
      // A rule made stricter since, and a field since removed.
      socialLinks: [{ label: "Old", url: "ftp://example.com/" }],
      retired: 1,
    });
    expect(stored).toEqual({
      ...DEFAULT_SETTINGS,
      title: { "zh-CN": "墨", "en-US": "Ink" },
      feedbackOpen: false,
    });
  });
});
