import { expect, it } from "vitest";
import { translator } from "../../../i18n/core.ts";
import { actionText, changeText } from "./log-actions.ts";

it("says an audit action in the interface's words, and an unknown one as stored", () => {
  const en = translator("en-US");
  const zh = translator("zh-CN");
  expect(actionText(en, "articles.publish")).toBe("Articles: published");
  expect(actionText(zh, "articles.publish")).toBe("文章：发布");
  expect(actionText(en, "nav.links.order")).toBe("Navigation links: reordered");
  expect(actionText(zh, "settings.update")).toBe("网站设置：修改");
  expect(actionText(zh, "export.create")).toBe("备份：新建");
  expect(actionText(en, "sessions.revoke-others")).toBe("Sessions: other sessions ended");
  expect(actionText(en, "categories.owner-cat.update")).toBe("categories.owner-cat.update");
  expect(actionText(en, "plain")).toBe("plain");
});

it("says every change a site build carries in both languages, never as an identifier", () => {
  // The actions the content services, the settings and the timer report (src/server/…).
  const actions = [
    ...["articles", "notes", "books", "photos", "chapters"].flatMap((kind) =>
      ["create", "update", "delete", "publish", "unpublish"].map((verb) => `${kind}.${verb}`),
    ),
    ...["albums", "categories", "banners", "nav.groups", "nav.links"].flatMap((kind) =>
      ["create", "update", "delete"].map((verb) => `${kind}.${verb}`),
    ),
    "photo-tags.update",
    "photo-tags.delete",
    "banners.order",
    "nav.order",
    "pages.update",
    "pages.reset",
    "settings.update",
    "settings.seed",
    "imports.create",
    "imports.delete",
    "schedule.due",
    "site.build",
  ];
  for (const locale of ["zh-CN", "en-US"] as const) {
    const t = translator(locale);
    for (const action of actions) expect(changeText(t, { action }), action).not.toContain(".");
  }
  const zh = translator("zh-CN");
  expect(changeText(zh, { action: "settings.update" })).toBe("网站设置：修改");
  expect(changeText(zh, { action: "articles.publish", item: "static-first" })).toBe(
    "文章：发布 · static-first",
  );
  expect(changeText(translator("en-US"), { action: "schedule.due" })).toBe(
    "Scheduled items: time come",
  );
});
