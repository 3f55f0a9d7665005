import { describe, expect, it, vi } from "vitest";
import type { ChatIndexFile, ChatPassage } from "../../shared/chat-rules.ts";
import { createRetriever } from "./retrieval.ts";
import { passageTerms, questionLanguage, questionTerms, stem } from "./terms.ts";
import type { Embed } from "./vectors.ts";

let made = 0;
/** A passage with what a test names, the rest filled in. */
function passage(fields: Partial<ChatPassage> & { text: string }): ChatPassage {
  made++;
  const url = fields.url ?? `/articles/p${made}/`;
  return {
    id: fields.id ?? url,
    kind: "article",
    title: `Piece ${made}`,
    section: "",
    url,
    lang: "en-US",
    date: "2025-01-01T00:00:00.000Z",
    pair: null,
    ...fields,
  };
}

const indexOf = (passages: ChatPassage[]): ChatIndexFile => ({
  version: 1,
  passages,
});

const ids = (found: { passage: ChatPassage }[]) => found.map((r) => r.passage.id);

/** A few unrelated passages, so that terms have document frequencies worth the name. */
const filler = () => [
  passage({ text: "The morning market closes at seven; the vendors fold their stalls." }),
  passage({ text: "A walk along the river after work, under the ginkgo trees." }),
  passage({ lang: "zh-CN", text: "早市七点就散了，卖豆腐的阿姨收摊回家。" }),
  passage({ lang: "zh-CN", text: "沿着河走到天黑，桥上的灯一盏盏亮起来。" }),
  passage({ text: "Commit messages are letters to a stranger who reads them later." }),
];

describe("terms", () => {
  it("cuts a Chinese question into its words' character pairs, stop words dropped", () => {
    expect(questionTerms("法国的首都是哪里？")).toEqual(["法国", "首都"]);
    expect(questionTerms("为什么中文网页更应该用系统字体？")).toEqual([
      "中文",
      "网页",
      "系统",
      "字体",
    ]);
    // Words the segmenter leaves as single characters are paired too.
    expect(questionTerms("页面的重量")).toEqual(expect.arrayContaining(["页面", "重量"]));
  });

  it("indexes a passage's Chinese as characters and pairs, so any cut of the question meets it", () => {
    expect(passageTerms("页面重量")).toEqual(["页", "页面", "面", "面重", "重", "重量", "量"]);
    expect(passageTerms("我的书")).toEqual(["我的", "的书", "书"]);
  });

  it("lower-cases and stems English words, drops stop words and single letters", () => {
    expect(questionTerms("What is the capital of France?")).toEqual(["capital", "franc"]);
    expect(questionTerms("Running the images' Tests, a b")).toEqual(["run", "imag", "test"]);
    expect(questionTerms("what is it and why")).toEqual([]);
    expect(questionTerms("psql 里的 timestamptz")).toEqual(["psql", "timestamptz"]);
  });

  it("stems plurals, -ing and -ed to the same word", () => {
    for (const [a, b] of [
      ["images", "image"],
      ["copies", "copy"],
      ["stopped", "stop"],
      ["running", "run"],
      ["searches", "search"],
      ["loading", "loads"],
    ] as const) {
      expect(stem(a)).toBe(stem(b));
    }
    expect(stem("status")).toBe("status");
    expect(stem("2022s")).toBe("2022s");
  });

  it("says a question's language from its characters", () => {
    expect(questionLanguage("为什么用 CSS？", "en-US")).toBe("zh-CN");
    expect(questionLanguage("Why CSS?", "zh-CN")).toBe("en-US");
    expect(questionLanguage("404?", "zh-CN")).toBe("zh-CN");
  });
});

describe("createRetriever", () => {
  it("ranks by BM25: the passage about the question first, its section's words counting more", async () => {
    const fonts = passage({ section: "System fonts", text: "Every device has good fonts." });
    const aside = passage({ text: "A page once loaded three fonts; fonts were not the point." });
    const index = indexOf([...filler(), aside, fonts]);
    const found = await createRetriever(index).search("Why use system fonts?", {
      lang: "en-US",
      limit: 5,
    });
    expect(ids(found)).toEqual([fonts.id, aside.id]);
    expect(found[0]?.score).toBeGreaterThan(found[1]?.score ?? 0);
  });

  it("finds Chinese by words however the segmenter cuts them", async () => {
    const weight = passage({
      lang: "zh-CN",
      section: "重量从哪里来",
      text: "在我测过的大多数页面上，文字本身是最轻的，图片往往遥遥领先。",
    });
    const index = indexOf([...filler(), weight]);
    const found = await createRetriever(index).search("页面的重量从哪里来？", {
      lang: "zh-CN",
      limit: 3,
    });
    expect(ids(found)[0]).toBe(weight.id);
  });

  it("finds nothing for a question on what the blog lacks, or of stop words only", async () => {
    const flags = passage({
      text: "-S is smart case: insensitive unless the pattern has a capital letter.",
    });
    const retriever = createRetriever(indexOf([...filler(), flags]));
    for (const question of [
      "What is the capital of France?",
      "法国的首都是哪里？",
      "What is it, and why?",
      "",
    ]) {
      expect(await retriever.search(question, { lang: "en-US", limit: 5 })).toEqual([]);
    }
  });

  it("drops weak matches under a share of the best", async () => {
    const strong = passage({
      section: "Lock timeout",
      text: "Set a lock timeout before a migration: a queued lock blocks everyone.",
    });
    const weak = passage({ text: "The timeout of a test is twenty seconds." });
    const index = indexOf([...filler(), strong, weak, ...filler()]);
    const found = await createRetriever(index).search("lock timeout in a migration", {
      lang: "en-US",
      limit: 5,
    });
    expect(ids(found)).toEqual([strong.id]);
  });

  it("answers a question through the translation of the piece, in the question's language", async () => {
    const en = passage({
      url: "/articles/habits/#timestamptz",
      lang: "en-US",
      pair: "habits",
      section: "timestamptz, always",
      text: "A timestamp column stores a wall-clock reading; timestamptz stores an instant.",
    });
    const enLead = passage({
      url: "/articles/habits/",
      lang: "en-US",
      pair: "habits",
      text: "Habits.",
    });
    const zhLead = passage({
      url: "/articles/habits-zh/",
      lang: "zh-CN",
      pair: "habits",
      text: "习惯。",
    });
    const zh = passage({
      url: "/articles/habits-zh/#时区",
      lang: "zh-CN",
      pair: "habits",
      section: "永远带时区",
      text: "不带时区的列只记墙上的钟点，带时区的列记的是一个时刻。",
    });
    const retriever = createRetriever(indexOf([...filler(), enLead, en, zhLead, zh]));
    // Only the English version holds the word: the Chinese question gets the Chinese section.
    const zhFound = await retriever.search("为什么要用 timestamptz？", { lang: "zh-CN", limit: 5 });
    expect(ids(zhFound)).toEqual([zh.id]);
    // Both versions match: one result, in the question's language.
    const both = await retriever.search("timestamptz 时区", { lang: "zh-CN", limit: 5 });
    expect(ids(both)).toEqual([zh.id]);
    const enFound = await retriever.search("timestamptz 时区", { lang: "en-US", limit: 5 });
    expect(ids(enFound)).toEqual([en.id]);
  });

  it("gives a piece without a translation in its own language", async () => {
    const rg = passage({ section: "rg: search the text", text: "ripgrep respects .gitignore." });
    const found = await createRetriever(indexOf([...filler(), rg])).search("rg 怎么用？", {
      lang: "zh-CN",
      limit: 5,
    });
    expect(ids(found)).toEqual([rg.id]);
  });

  it("answers each passage once, at most `limit`", async () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      passage({ text: `Fonts, fonts and more fonts, part ${i}.` }),
    );
    const retriever = createRetriever(indexOf([...filler(), ...many]));
    const found = await retriever.search("fonts fonts", { lang: "en-US", limit: 3 });
    expect(found).toHaveLength(3);
    expect(new Set(ids(found)).size).toBe(3);
    expect(await retriever.search("fonts", { lang: "en-US", limit: 0 })).toEqual([]);
  });
});

describe("createRetriever with embeddings", () => {
  // Deterministic vectors: one dimension a subject, in either language; none for other texts.
  const subjects = [/tea|茶/, /font|字体/, /lock|锁/];
  const vector = (text: string) => subjects.map((s) => (s.test(text.toLowerCase()) ? 1 : 0));
  const fakeEmbed = () => vi.fn<Embed>(async (texts) => texts.map(vector));

  const tea = passage({
    section: "Up to the tea fields",
    text: "A glass of the new tea in the hills.",
  });
  const corpus = () => {
    const rest = Array.from({ length: 70 }, (_, i) =>
      passage({ text: `Filler number ${i} about walks.` }),
    );
    return indexOf([...filler(), ...rest, tea]);
  };

  it("finds by similarity what shares no word with the question, embedding passages once in batches", async () => {
    const index = corpus();
    const embed = fakeEmbed();
    const retriever = createRetriever(index, { embed });
    const found = await retriever.search("喝茶", { lang: "zh-CN", limit: 3 });
    expect(ids(found)).toEqual([tea.id]);
    // 76 passages: two batches (64 + 12), and the question beside them.
    const sizes = () => embed.mock.calls.map(([texts]) => texts.length).sort((a, b) => a - b);
    expect(sizes()).toEqual([1, 12, 64]);
    await retriever.search("tea fields", { lang: "en-US", limit: 3 });
    // The passages' vectors are kept: only the question is embedded again.
    expect(sizes()).toEqual([1, 1, 12, 64]);
  });

  it("fuses both rankings: a passage first in both is first", async () => {
    const index = corpus();
    const found = await createRetriever(index, { embed: fakeEmbed() }).search("tea in the hills", {
      lang: "en-US",
      limit: 3,
    });
    expect(ids(found)[0]).toBe(tea.id);
    // Reciprocal rank fusion: first in both lists scores 2 / 61.
    expect(found[0]?.score).toBeCloseTo(2 / 61);
  });

  it("falls back to words alone when the model fails", async () => {
    const failing = vi.fn<Embed>(async () => {
      throw new Error("provider down");
    });
    const found = await createRetriever(corpus(), { embed: failing }).search("tea fields", {
      lang: "en-US",
      limit: 3,
    });
    expect(ids(found)).toEqual([tea.id]);
  });

  it("finds nothing when neither words nor vectors come near", async () => {
    const found = await createRetriever(corpus(), { embed: fakeEmbed() }).search(
      "What is the capital of France?",
      { lang: "en-US", limit: 3 },
    );
    expect(found).toEqual([]);
  });
});
