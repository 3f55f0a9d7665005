import { expect, it } from "vitest";
import { translator } from "../../../i18n/core.ts";
import { actionText } from "./actions.ts";

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
