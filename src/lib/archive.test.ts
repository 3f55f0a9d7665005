import { describe, expect, it } from "vitest";
import type { Locale } from "../i18n/locale";
import { archiveOf } from "./archive";

const article = (id: string, iso: string, lang: Locale = "en-US", paired = false) => ({
  id,
  paired,
  data: { lang, publishedAt: new Date(iso) },
});

describe("archiveOf", () => {
  it("groups by year and month, newest first, in the blog's time zone", () => {
    const years = archiveOf(
      [
        article("mid-2025", "2025-06-10T04:00:00Z"),
        article("new-year-in-shanghai", "2025-12-31T17:00:00Z"), // 2026-01-01 01:00 there
        article("late-2025", "2025-12-02T04:00:00Z"),
        article("early-june", "2025-06-01T04:00:00Z"),
      ],
      (a) => a.paired,
    );
    expect(
      years.map(({ year, counts, months }) => ({
        year,
        counts,
        months: months.map((m) => [m.month, m.items.map((i) => `${i.article.id}@${i.day}`)]),
      })),
    ).toEqual([
      {
        year: "2026",
        counts: { "zh-CN": 1, "en-US": 1 },
        months: [["01", ["new-year-in-shanghai@1"]]],
      },
      {
        year: "2025",
        counts: { "zh-CN": 3, "en-US": 3 },
        months: [
          ["12", ["late-2025@2"]],
          ["06", ["mid-2025@10", "early-june@1"]],
        ],
      },
    ]);
  });

  it("shows each version of a translated article in its own language, at its own day", () => {
    const years = archiveOf(
      [
        article("twice", "2025-06-02T04:00:00Z", "en-US", true),
        article("twice-zh", "2026-06-02T04:00:00Z", "zh-CN", true),
        article("alone", "2025-06-20T04:00:00Z", "zh-CN"),
      ],
      (a) => a.paired,
    );
    const [y2026, y2025] = years;
    expect(y2026?.only).toBe("zh-CN");
    expect(y2026?.counts).toEqual({ "zh-CN": 1, "en-US": 0 });
    expect(y2025?.only).toBeUndefined();
    expect(y2025?.counts).toEqual({ "zh-CN": 1, "en-US": 2 });
    expect(y2025?.months[0]?.items.map((i) => [i.article.id, i.only])).toEqual([
      ["alone", undefined],
      ["twice", "en-US"],
    ]);
  });

  it("has no years without articles", () => {
    expect(archiveOf([], () => false)).toEqual([]);
  });
});
