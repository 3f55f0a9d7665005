import { describe, expect, it } from "vitest";
import * as chat from "./chat.ts";
import {
  bilingual,
  getTranslator,
  type MessageKey,
  pluralForms,
  resolveLocale,
  resources,
  translator,
} from "./index.ts";
import * as labs from "./labs.ts";
import * as reader from "./reader.ts";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix.slice(0, -1)];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keys(v, `${prefix}${k}.`),
  );
}

describe("i18n", () => {
  it("resolves the stored locale first, then the browser language, else en-US", () => {
    expect(resolveLocale("en-US", "zh-CN")).toBe("en-US");
    expect(resolveLocale("zh-CN", "en-GB")).toBe("zh-CN");
    expect(resolveLocale(null, "zh-TW")).toBe("zh-CN");
    expect(resolveLocale(null, "ZH")).toBe("zh-CN");
    expect(resolveLocale("fr-FR", "de-DE")).toBe("en-US");
    expect(resolveLocale(undefined, undefined)).toBe("en-US");
  });

  it("has the same keys, all non-empty, in both languages", () => {
    expect(keys(resources["zh-CN"]).sort()).toEqual(keys(resources["en-US"]).sort());
    for (const locale of ["zh-CN", "en-US"] as const) {
      const t = getTranslator(locale);
      for (const key of keys(resources[locale])) {
        expect(t(key as MessageKey), key).not.toBe("");
        expect(t(key as MessageKey), key).not.toBe(key);
      }
    }
  });

  it("the browser's translator says exactly what i18next says, for every key", () => {
    const values = { version: "1.1.5", max: 3, count: 2, query: "静态", name: "owner" };
    for (const locale of ["zh-CN", "en-US"] as const) {
      const viaI18next = getTranslator(locale);
      const light = translator(locale);
      for (const key of keys(resources[locale])) {
        expect(light(key as MessageKey, values), key).toBe(viaI18next(key as MessageKey, values));
      }
    }
  });

  it("the visitor side's, the chat's and the labs' translators say what the whole one says", () => {
    const values = { count: 2, name: "owner", max: 3 };
    let checked = 0;
    for (const locale of ["zh-CN", "en-US"] as const) {
      const whole = translator(locale);
      for (const key of keys(resources[locale])) {
        if (reader.isMessageKey(key)) {
          checked += 1;
          expect(reader.translator(locale)(key, values), key).toBe(whole(key, values));
        }
        if (labs.isMessageKey(key)) {
          checked += 1;
          expect(labs.translator(locale)(key, values), key).toBe(whole(key, values));
        }
        if (chat.isMessageKey(key)) {
          checked += 1;
          expect(chat.translator(locale)(key, values), key).toBe(whole(key, values));
        }
      }
      // The back office's words stay out: a key of theirs is left as it is.
      expect(reader.translator(locale).wordsFor("bmsArticles.scheduleAt")).toBe(
        "bmsArticles.scheduleAt",
      );
    }
    expect(reader.isMessageKey("bmsArticles.scheduleAt")).toBe(false);
    expect(reader.isMessageKey("comments.title")).toBe(true);
    // Each island family carries its own part only: the mails stay on the server.
    expect(reader.isMessageKey("chat.send")).toBe(false);
    expect(reader.isMessageKey("mail.codeSubject")).toBe(false);
    expect(chat.isMessageKey("chat.send")).toBe(true);
    expect(labs.isMessageKey("mix.oklch.colourA")).toBe(true);
    expect(labs.isMessageKey("comments.title")).toBe(false);
    expect(checked).toBeGreaterThan(1000);
  });

  it("chooses a plural form by count, the same in both translators", () => {
    const plural = keys(resources["en-US"])
      .filter((key) => key.endsWith("_one"))
      .map((key) => key.slice(0, -"_one".length) as MessageKey);
    expect(plural.length).toBeGreaterThan(25);
    for (const locale of ["zh-CN", "en-US"] as const) {
      for (const key of plural) {
        for (const count of [0, 1, 2, 12]) {
          const values = { count, total: count, days: 30, title: "T", name: "n", ok: 1, bad: 0 };
          expect(translator(locale)(key, values), key).toBe(getTranslator(locale)(key, values));
        }
      }
    }
    const en = getTranslator("en-US");
    expect(en("search.results", { count: 1 })).toBe("1 result");
    expect(en("search.results", { count: 2 })).toBe("2 results");
    expect(en("bmsArticles.total", { count: 1 })).toBe("1 article");
    expect(en("bmsLogs.total", { count: 1 })).toBe("1 entry");
    expect(en("media.total", { count: 1 })).toBe("1 image");
    expect(en("bmsOverview.admins", { count: 1, total: "1" })).toBe("1 admin");
    expect(getTranslator("zh-CN")("search.results", { count: 1 })).toBe(
      getTranslator("zh-CN")("search.results", { count: 3 }).replace("3", "1"),
    );
  });

  it("translates with interpolation and keeps the spec's failure message", () => {
    expect(getTranslator("zh-CN")("feedback.failed")).toBe("提交失败，请稍后重试");
    expect(getTranslator("en-US")("feedback.failed")).toBe(
      "Submission failed, please try again later",
    );
    expect(getTranslator("en-US")("site.version", { version: "1.1.5" })).toBe("Version 1.1.5");
  });

  it("gives a message's text in both languages, values in each language's", () => {
    expect(bilingual("nav.home")).toEqual({ "zh-CN": "首页", "en-US": "Home" });
    expect(bilingual("content.minutes", { minutes: 3 })["en-US"]).toBe("3 min read");
    const named = bilingual("content.taggedWith", undefined, {
      "zh-CN": { name: "秋" },
      "en-US": { name: "autumn" },
    });
    expect(named).toEqual({
      "zh-CN": getTranslator("zh-CN")("content.taggedWith", { name: "秋" }),
      "en-US": getTranslator("en-US")("content.taggedWith", { name: "autumn" }),
    });
  });
});

describe("pluralForms", () => {
  it("gives a plural message's forms with the count left for the browser", () => {
    expect(pluralForms("en-US", "comments.count")).toEqual({
      one: "{{count}} comment",
      other: "{{count}} comments",
    });
    expect(pluralForms("zh-CN", "comments.count")).toEqual({
      one: "{{count}} 条评论",
      other: "{{count}} 条评论",
    });
  });
});
