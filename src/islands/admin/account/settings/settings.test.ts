import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { type Locale, translator } from "../../../../i18n/core.ts";
import {
  DEFAULT_SETTINGS,
  type SettingsRecord,
  saveSettingsSchema,
} from "../../../../shared/kinds/settings.ts";
import { problemsOf } from "../../app/content/test-support.ts";
import { CallFailure } from "../../app/query.ts";
import { expectation, settingsKey } from "./queries.ts";
import { SiteSettingsForm } from "./SiteSettingsForm.tsx";
import { type SettingsFields, settingsFields, settingsIssues, settingsSchema } from "./schema.ts";

// The library's picker opens in a portal, which React cannot render on a server: the image field
// stands in as its legend (media.test.ts tests the picker).
vi.mock("../../app/media/ImageField.tsx", () => ({
  ImageField: ({ label }: { label: string }) =>
    createElement("fieldset", null, createElement("legend", null, label)),
}));

const AVATAR = "/api/media/m-0b5f3c3e-4a8e-4d6e-9a53-6f1c0d2b7a11-640.webp";
const never: SettingsRecord = { id: "site", ...DEFAULT_SETTINGS, updatedAt: null };

const fields = (changes: Partial<SettingsFields> = {}): SettingsFields => ({
  ...settingsFields(never),
  ...changes,
});

describe("the settings form", () => {
  it("sends what the server's own schema takes", () => {
    const values = settingsSchema.parse(
      fields({
        title: { "zh-CN": " 墨 ", "en-US": "Ink" },
        authorAvatar: AVATAR,
        socialLinks: [{ label: "GitHub", url: " https://github.com/someone " }],
        feedbackOpen: false,
        defaultLocale: "zh-CN",
      }),
    );
    expect(saveSettingsSchema.parse(values)).toEqual(values);
    expect(values).toMatchObject({
      title: { "zh-CN": "墨", "en-US": "Ink" },
      socialLinks: [{ label: "GitHub", url: "https://github.com/someone" }],
      feedbackOpen: false,
      defaultLocale: "zh-CN",
    });
    // The form holds the answer's settings, not its id or time.
    expect(Object.keys(settingsFields(never)).sort()).toEqual(
      Object.keys(saveSettingsSchema.shape).sort(),
    );
  });

  it("checks with the server's rules, in the form's words", () => {
    expect(problemsOf(settingsSchema, fields())).toEqual({});
    expect(
      problemsOf(
        settingsSchema,
        fields({
          title: { "zh-CN": " ", "en-US": "x".repeat(61) },
          tagline: { "zh-CN": "字".repeat(161), "en-US": "" },
          authorBio: { "zh-CN": "", "en-US": "x".repeat(501) },
          authorAvatar: "https://elsewhere.example/me.png",
          socialLinks: [
            { label: "", url: "https://example.com/" },
            { label: "x".repeat(41), url: "javascript:alert(1)" },
          ],
        }),
      ),
    ).toEqual({
      "title.zh-CN": "bmsSettings.problems.titleRequired",
      "title.en-US": "bmsSettings.problems.titleTooLong",
      "tagline.zh-CN": "bmsSettings.problems.taglineTooLong",
      "authorBio.en-US": "bmsSettings.problems.authorBioTooLong",
      authorAvatar: "bmsSettings.problems.avatarNotLibrary",
      "socialLinks.0.label": "bmsSettings.problems.linkLabelRequired",
      "socialLinks.1.label": "bmsSettings.problems.linkLabelTooLong",
      "socialLinks.1.url": "bmsSettings.problems.linkUrlInvalid",
    });
    const nine = Array.from({ length: 9 }, (_, i) => ({
      label: `L${i}`,
      url: `https://example.com/${i}`,
    }));
    expect(problemsOf(settingsSchema, fields({ socialLinks: nine }))).toEqual({
      socialLinks: "bmsSettings.problems.tooManyLinks",
    });
  });

  it("puts the server's refusals on the fields in its words, keeping a key the server names", () => {
    const refused = new CallFailure(400, "Invalid socialLinks.0.url", {
      kind: "validation",
      issues: [
        { field: "socialLinks.0.url", message: "must be an http:// or https:// address" },
        {
          field: "authorAvatar",
          message: "no image in the library",
          key: "bmsSettings.problems.avatarMissing",
        },
      ],
    });
    const worded = settingsIssues(refused, fields());
    expect(worded).toBeInstanceOf(CallFailure);
    expect((worded as CallFailure).issues.map((i) => [i.field, i.key])).toEqual([
      ["socialLinks.0.url", "bmsSettings.problems.linkUrlInvalid"],
      ["authorAvatar", "bmsSettings.problems.avatarMissing"],
    ]);
  });

  it("saves over the version it opened: If-Match, or If-None-Match while none was saved", () => {
    expect(expectation(null)).toEqual({ "if-none-match": "*" });
    expect(expectation("2026-11-27T01:00:00.000Z")).toEqual({
      "if-match": '"2026-11-27T01:00:00.000Z"',
    });
  });

  for (const locale of ["en-US", "zh-CN"] as const) {
    it(`renders as a section with its heading and every field, in ${locale}`, () => {
      const html = render(locale, {
        ...never,
        authorName: { "zh-CN": "墨者", "en-US": "Inker" },
        socialLinks: [{ label: "GitHub", url: "https://github.com/someone" }],
        registrationOpen: false,
        updatedAt: "2026-11-27T01:00:00.000Z",
      });
      const t = translator(locale);
      expect(html).toMatch(/^<section class="bms-settings" aria-labelledby="[^"]+-title">/);
      expect(html).toContain(`${t("bmsSettings.heading")}</h2>`);
      for (const key of [
        "bmsSettings.titleZh",
        "bmsSettings.taglineEn",
        "bmsSettings.descriptionZh",
        "bmsSettings.authorNameEn",
        "bmsSettings.authorBioZh",
        "bmsSettings.avatar",
        "bmsSettings.registrationOpen",
        "bmsSettings.feedbackOpen",
        "bmsSettings.defaultLocale",
        "bmsSettings.save",
      ] as const) {
        expect(html, key).toContain(t(key));
      }
      expect(html).toContain(t("bmsSettings.linkUrl", { n: 1 }));
      expect(html).toContain('value="https://github.com/someone"');
      expect(html).toContain('value="Inker"');
      // The checkboxes say what is open.
      const box = (name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];
      expect(box("registrationOpen")).not.toContain("checked");
      expect(box("feedbackOpen")).toContain('checked=""');
    });
  }

  it("says it is loading until the settings are read", () => {
    const html = render("en-US", null);
    expect(html).toContain("Site settings</h2>");
    expect(html).toContain('<p role="status">Loading the settings…</p>');
  });
});

/** The form as the server renders it, with the settings already read (or not yet: null). */
function render(locale: Locale, record: SettingsRecord | null): string {
  const client = new QueryClient();
  if (record) client.setQueryData([...settingsKey, "site"], record);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(SiteSettingsForm, { t: translator(locale) }),
    ),
  );
}
