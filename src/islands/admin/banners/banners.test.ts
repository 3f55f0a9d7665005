import { describe, expect, it } from "vitest";
import { translator } from "../../../i18n/core.ts";
import { type BannerRecord, createBannerSchema } from "../../../shared/content.ts";
import { DATABASE_ROW, problemsOf } from "../app/content/test-support.ts";
import { CallFailure } from "../app/query.ts";
import { isoToLocal } from "../app/time.ts";
import { stateText, windowText } from "./facts.ts";
import { type BannerFields, bannerIssues, bannerSchema, initialBannerFields } from "./schema.ts";

const IMAGE = "/api/media/m-0b5f3c3e-4a8e-4d6e-9a53-6f1c0d2b7a11-1600.webp";

const fields = (changes: Partial<BannerFields> = {}): BannerFields => ({
  ...initialBannerFields(),
  image: IMAGE,
  title: { "zh-CN": "横幅", "en-US": "A banner" },
  ...changes,
});

const problems = (values: BannerFields) => problemsOf(bannerSchema, values);

const record = (changes: Partial<BannerRecord> = {}): BannerRecord => ({
  id: "0b5f3c3e-4a8e-4d6e-9a53-6f1c0d2b7a12",
  order: 0,
  title: { "zh-CN": "横幅", "en-US": "A banner" },
  subtitle: { "zh-CN": "", "en-US": "" },
  alt: { "zh-CN": "", "en-US": "" },
  image: IMAGE,
  link: "",
  startsAt: null,
  endsAt: null,
  enabled: true,
  ...DATABASE_ROW,
  ...changes,
});

describe("the banner form", () => {
  it("sends what the server's own schema takes", () => {
    const values = bannerSchema.parse(
      fields({ link: "/articles/", startsAt: "2026-12-01T09:00", endsAt: "" }),
    );
    expect(createBannerSchema.parse(values)).toEqual(values);
    expect(values).toMatchObject({
      link: "/articles/",
      startsAt: new Date("2026-12-01T09:00").toISOString(),
      endsAt: null,
      enabled: true,
    });
  });

  it("checks with the server's rules, in the form's words", () => {
    expect(problems(fields())).toEqual({});
    expect(
      problems(fields({ image: "", title: { "zh-CN": " ", "en-US": "x".repeat(121) } })),
    ).toEqual({
      image: "bmsBanners.problems.imageRequired",
      "title.zh-CN": "bmsBanners.problems.titleRequired",
      "title.en-US": "bmsBanners.problems.titleTooLong",
    });
    expect(problems(fields({ image: "https://example.com/a.jpg" }))).toEqual({
      image: "bmsBanners.problems.imageNotLibrary",
    });
    for (const link of ["javascript:alert(1)", "//evil.example/", "http://example.com/", "a b"]) {
      expect(problems(fields({ link })), link).toEqual({ link: "bmsBanners.problems.linkInvalid" });
    }
    expect(problems(fields({ subtitle: { "zh-CN": "字".repeat(161), "en-US": "" } }))).toEqual({
      "subtitle.zh-CN": "bmsBanners.problems.subtitleTooLong",
    });
    expect(problems(fields({ alt: { "zh-CN": "", "en-US": "x".repeat(201) } }))).toEqual({
      "alt.en-US": "bmsBanners.problems.altTooLong",
    });
    expect(problems(fields({ startsAt: "tomorrow" }))).toEqual({
      startsAt: "bmsBanners.problems.timeInvalid",
    });
  });

  it("wants the window's end after its start", () => {
    expect(problems(fields({ startsAt: "2026-12-02T09:00", endsAt: "2026-12-01T09:00" }))).toEqual({
      endsAt: "bmsBanners.problems.endBeforeStart",
    });
    expect(problems(fields({ startsAt: "2026-12-01T09:00", endsAt: "2026-12-01T09:00" }))).toEqual({
      endsAt: "bmsBanners.problems.endBeforeStart",
    });
    expect(problems(fields({ startsAt: "", endsAt: "2026-12-01T09:00" }))).toEqual({});
  });

  it("edits a banner with its own values, its window as local times", () => {
    const startsAt = "2026-12-01T01:30:00.000Z";
    expect(initialBannerFields(record({ startsAt, link: "/about" }))).toMatchObject({
      startsAt: isoToLocal(startsAt),
      endsAt: "",
      link: "/about",
      enabled: true,
    });
  });

  it("puts the server's refusals on the fields, a keyed one in its own words", () => {
    const failure = new CallFailure(400, "Invalid link", {
      kind: "validation",
      issues: [
        { field: "link", message: "must be an https:// URL" },
        {
          field: "endsAt",
          message: "must be after startsAt",
          key: "bmsBanners.problems.endBeforeStart",
        },
      ],
    });
    const issues = bannerIssues(failure);
    expect(issues instanceof CallFailure && issues.issues).toEqual([
      { field: "link", message: "must be an https:// URL", key: "bmsBanners.problems.linkInvalid" },
      {
        field: "endsAt",
        message: "must be after startsAt",
        key: "bmsBanners.problems.endBeforeStart",
      },
    ]);
  });
});

describe("a banner's state and window, as the list says them", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const hours = (n: number) => new Date(now.getTime() + n * 3_600_000).toISOString();
  for (const locale of ["en-US", "zh-CN"] as const) {
    const t = translator(locale);
    it(`in ${locale}`, () => {
      expect(stateText(t, record(), now).state).toBe("live");
      expect(stateText(t, record({ enabled: false }), now)).toEqual({
        state: "off",
        label: t("bmsBanners.states.off"),
      });
      const later = stateText(t, record({ startsAt: hours(2) }), now);
      expect(later.state).toBe("scheduled");
      expect(later.label).not.toContain("{{");
      expect(stateText(t, record({ endsAt: hours(-1) }), now).state).toBe("ended");
      expect(windowText(t, record())).toBe(t("bmsBanners.always"));
      expect(windowText(t, record({ startsAt: hours(1), endsAt: hours(5) }))).toContain(" · ");
    });
  }
});
