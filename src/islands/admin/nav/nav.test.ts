import { describe, expect, it } from "vitest";
import { translator } from "../../../i18n/core.ts";
import { createNavLinkSchema, navInitial } from "../../../shared/content.ts";
import { problemsOf } from "../app/content/test-support.ts";
import { checkSummary, checkText } from "./facts.ts";
import {
  groupSchema,
  initialGroupFields,
  initialLinkFields,
  type LinkFields,
  linkSchema,
} from "./schema.ts";

const GROUP = "0b5f3c3e-4a8e-4d6e-9a53-6f1c0d2b7a12";
const ICON = "/api/media/m-0b5f3c3e-4a8e-4d6e-9a53-6f1c0d2b7a11-160.webp";

const fields = (changes: Partial<LinkFields> = {}): LinkFields => ({
  ...initialLinkFields(GROUP),
  title: { "zh-CN": "小站", "en-US": "A small site" },
  url: "https://example.com/",
  ...changes,
});

describe("the link form", () => {
  it("sends what the server's own schema takes", () => {
    const values = linkSchema.parse(fields({ icon: ICON, url: " /about " }));
    expect(createNavLinkSchema.parse(values)).toEqual(values);
    expect(values).toMatchObject({ group: GROUP, url: "/about", icon: ICON, hidden: false });
  });

  it("checks with the server's rules, in the form's words", () => {
    expect(problemsOf(linkSchema, fields())).toEqual({});
    expect(
      problemsOf(linkSchema, fields({ title: { "zh-CN": " ", "en-US": "x".repeat(61) } })),
    ).toEqual({
      "title.zh-CN": "bmsNav.problems.titleRequired",
      "title.en-US": "bmsNav.problems.titleTooLong",
    });
    for (const url of ["javascript:alert(1)", "//evil.example/", "data:text/html,x", "a b", ""]) {
      expect(problemsOf(linkSchema, fields({ url })), url).toEqual({
        url: "bmsNav.problems.urlInvalid",
      });
    }
    expect(problemsOf(linkSchema, fields({ icon: "https://elsewhere.example/a.png" }))).toEqual({
      icon: "bmsNav.problems.iconNotLibrary",
    });
    expect(
      problemsOf(linkSchema, fields({ description: { "zh-CN": "字".repeat(161), "en-US": "" } })),
    ).toEqual({ "description.zh-CN": "bmsNav.problems.descriptionTooLong" });
  });
});

describe("the group form", () => {
  it("wants a name in both languages", () => {
    expect(problemsOf(groupSchema, initialGroupFields())).toEqual({
      "name.zh-CN": "bmsNav.problems.nameRequired",
      "name.en-US": "bmsNav.problems.nameRequired",
    });
    expect(problemsOf(groupSchema, { name: { "zh-CN": "朋友", "en-US": "x".repeat(41) } })).toEqual(
      { "name.en-US": "bmsNav.problems.nameTooLong" },
    );
  });
});

describe("what the screen says", () => {
  it("gives a link without an icon its title's first letter, a whole grapheme", () => {
    expect(navInitial("mdn docs", "en-US")).toBe("M");
    expect(navInitial(" 阮一峰的网络日志", "zh-CN")).toBe("阮");
    expect(navInitial("é", "en-US")).toBe("É");
    expect(navInitial("", "en-US")).toBe("?");
  });

  for (const locale of ["en-US", "zh-CN"] as const) {
    it(`says each check's outcome in ${locale}`, () => {
      const t = translator(locale);
      const results = [
        { id: "a", url: "/", outcome: "ok" as const, status: 200, ms: 12 },
        { id: "b", url: "/x", outcome: "broken" as const, status: 404, ms: 3 },
        {
          id: "c",
          url: "https://x.example/",
          outcome: "unreachable" as const,
          status: null,
          ms: 1,
        },
      ];
      const lines = results.map((r) => checkText(t, r));
      expect(lines[0]).toContain("200");
      expect(lines[1]).toContain("404");
      expect(new Set(lines).size).toBe(3);
      expect(checkSummary(t, results)).toBe(
        locale === "en-US"
          ? "Checked 3 links: 1 working, 2 not."
          : "已检查 3 个链接：1 个可用，2 个不可用。",
      );
    });
  }
});
