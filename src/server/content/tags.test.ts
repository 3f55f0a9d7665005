import { expect, it } from "vitest";
import { isPathSafeTag } from "../../shared/content-rules.ts";
import { contentArticles } from "../db/schema.ts";
import { callJson, describeEachDb, userWithSession } from "../test-support.ts";

// Issue 12: a tag becomes a path (/articles/tag/<tag>/); one that cannot be a path segment
// used to be stored and then break every later build. It is refused when saved.
const BAD = ["a/b", "a\\b", "//", "line\nbreak", "tab\there", "what?", "#hash", "100%", ".", ".."];
const GOOD = ["静态生成", "C++", "node.js", "a b", "emoji 🌊", "..dots"];

it("tells path-safe tags from the rest", () => {
  for (const tag of BAD) expect(isPathSafeTag(tag), JSON.stringify(tag)).toBe(false);
  for (const tag of GOOD) expect(isPathSafeTag(tag), JSON.stringify(tag)).toBe(true);
});

describeEachDb("tags that cannot be a path", (ctx) => {
  const article = (tags: string[], slug: string) => ({
    slug,
    lang: "en-US",
    title: "Tagged",
    summary: "An article with tags.",
    body: "Text.",
    category: "tools",
    tags,
  });

  it("are refused when an article is saved, naming the tag, and nothing is stored", async () => {
    const { app, database } = ctx();
    const { token } = await userWithSession(database.db, { role: "admin" });
    for (const [i, tag] of BAD.entries()) {
      const res = await callJson(app, "POST", "/api/admin/articles", {
        token,
        body: article(["fine", tag], `bad-tag-${i}`),
      });
      expect(res.status, JSON.stringify(tag)).toBe(400);
      expect(res.body.error?.issues?.[0]?.field).toBe("tags.1");
    }
    expect(await database.db.select().from(contentArticles)).toHaveLength(0);
    const ok = await callJson(app, "POST", "/api/admin/articles", {
      token,
      body: article(GOOD, "good-tags"),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
