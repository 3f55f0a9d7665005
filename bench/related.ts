// Related articles, two ways, on the seed site (issue 43: "shared tags and category first,
// then the chat's retrieval index if it ranks better; measure which"):
//   - tags: src/lib/related.ts, as the article pages use it;
//   - text: the chat's BM25 index (dist/d-chat/passages.json, so run `npm run build` first),
//     asked with the article's title, summary and tags, its passages summed per article.
// Prints each article's three by both, how many each finds, how often they agree, and the
// time each takes. Which ranks better is judged by reading the lists: docs/decisions/
// related-articles.md holds the verdict.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { categoryTree } from "../src/lib/category-tree.ts";
import { RELATED_COUNT, type Relatable, relatedOf } from "../src/lib/related.ts";
import { createRetriever } from "../src/server/chat/retrieval.ts";
import type { ChatIndexFile } from "../src/shared/chat-rules.ts";

interface Seed extends Relatable {
  title: string;
  summary: string;
}

const dir = "content/articles";
const now = Date.now();
const articles: Seed[] = readdirSync(dir)
  .filter((f) => f.endsWith(".md"))
  .flatMap((file) => {
    // Front matter: the YAML between the first two `---` lines.
    const [, front = ""] = readFileSync(join(dir, file), "utf8").split(/^---$/m);
    const data = parse(front);
    // Live ones only, as the site shows (src/lib/content.ts's isLive).
    if (data.status === "draft" || new Date(data.publishedAt).getTime() > now) return [];
    return {
      id: file.replace(/\.md$/, ""),
      title: String(data.title),
      summary: String(data.summary ?? ""),
      data: {
        lang: data.lang,
        tags: (data.tags ?? []).map(String),
        category: { id: String(data.category) },
        publishedAt: new Date(data.publishedAt),
        translationKey: data.translationKey ?? undefined,
      },
    };
  });
const categories = JSON.parse(readFileSync("content/categories.json", "utf8")) as Array<{
  id: string;
  parent?: string | null;
}>;
const tree = categoryTree(categories, (c) => c.parent ?? null);
const index = JSON.parse(readFileSync("dist/d-chat/passages.json", "utf8")) as ChatIndexFile;
const retriever = createRetriever(index);

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

let tagsMs = 0;
let textMs = 0;
let agreed = 0;
const found = { tags: 0, text: 0 };
for (const article of articles) {
  let start = cpu();
  const byTags = relatedOf(article, articles, tree).map((a) => a.id);
  tagsMs += cpu() - start;

  start = cpu();
  const question = `${article.title} ${article.summary} ${article.data.tags.join(" ")}`;
  const hits = await retriever.search(question, { lang: article.data.lang, limit: 40 });
  const sums = new Map<string, number>();
  for (const { passage, score } of hits) {
    if (passage.kind !== "article" || passage.lang !== article.data.lang) continue;
    const id = passage.url.replace(/^\/articles\/|\/$/g, "");
    if (id === article.id) continue;
    const other = articles.find((a) => a.id === id);
    const key = article.data.translationKey;
    if (!other || (key && other.data.translationKey === key)) continue;
    sums.set(id, (sums.get(id) ?? 0) + score);
  }
  const byText = [...sums.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, RELATED_COUNT)
    .map(([id]) => id);
  textMs += cpu() - start;

  found.tags += byTags.length;
  found.text += byText.length;
  agreed += byTags.filter((id) => byText.includes(id)).length;
  console.log(`${article.id} (${article.data.lang}, ${article.data.category.id})`);
  console.log(`  tags: ${byTags.join(", ") || "—"}`);
  console.log(`  text: ${byText.join(", ") || "—"}`);
}
const slots = articles.length * RELATED_COUNT;
console.log(`articles: ${articles.length}; slots: ${slots}`);
console.log(`filled by tags: ${found.tags}; by text: ${found.text}; in both lists: ${agreed}`);
console.log(
  `CPU: tags ${tagsMs.toFixed(1)} ms, text ${textMs.toFixed(1)} ms (${articles.length} articles)`,
);
