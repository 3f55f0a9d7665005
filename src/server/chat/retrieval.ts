import type { Locale } from "../../i18n/core.ts";
import type { ChatIndexFile, ChatPassage } from "../../shared/chat-rules.ts";

// The AI chat's retrieval over the index the build writes (src/lib/chat-index.ts): BM25 over
// each passage's words, its title's and its section heading's counted more, in both languages
// at once; a question finds the other language's version of a piece through its translation
// pair; optionally fused with an embedding model's similarity by reciprocal rank. Pure: no
// database, no files. What is built from an index (its words, its vectors) is built once per
// index object and kept as long as the object lives.

export interface Retrieved {
  passage: ChatPassage;
  score: number;
}

export interface SearchOptions {
  /** The question's language (questionLanguage): its passages come first. */
  lang: Locale;
  limit: number;
}

export interface Retriever {
  /** The passages that answer best, best first; [] when the index has nothing on the subject. */
  search(question: string, options: SearchOptions): Promise<Retrieved[]>;
}

/** Vectors of texts, one per text in order (an OpenAI-compatible embeddings call). */
export type Embed = (texts: string[]) => Promise<number[][]>;

export interface RetrieverOptions {
  embed?: Embed;
  /**
   * The least cosine similarity at which the model's nearest passages count as matches (the
   * model alone can find a passage that shares no word with the question). Models differ in
   * scale; 0.5 suits OpenAI's and most open embedding models on short questions.
   */
  minSimilarity?: number;
}

// --- Tokens -------------------------------------------------------------------------------------

/** Words that say nothing about a subject, lower case (after NFKC). */
const ENGLISH_STOP = new Set(
  (
    "a about above after again against all also am an and any are aren't as at be because been " +
    "before being below between both but by can can't cannot could couldn't did didn't do does " +
    "doesn't doing don't down during each else ever few for from further get gets got had hadn't " +
    "has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his " +
    "how how's however i i'd i'll i'm i've if in into is isn't it it's its itself just let's like " +
    "may me might more most much must mustn't my myself no nor not now of off on once one only or " +
    "other ought our ours ourselves out over own per really same shall shan't she she'd she'll " +
    "she's should shouldn't so some such than that that's the their theirs them themselves then " +
    "there there's these they they'd they'll they're they've this those though through to too " +
    "under until up upon us very via was wasn't we we'd we'll we're we've were weren't what what's " +
    "when when's where where's whether which while who who's whom whose why why's will with won't " +
    "would wouldn't yet you you'd you'll you're you've your yours yourself yourselves " +
    // Words of asking about a text rather than of its subject.
    "author article articles blog's post posts say says said tell tells told mention mentions " +
    "mentioned according describe describes described explain explains explained think thinks " +
    "thought recommend recommends suggest suggests anything something thing things way ways"
  ).split(" "),
);

/** The same for Chinese, as Intl.Segmenter cuts it: particles, pronouns, question words. */
const CHINESE_STOP = new Set(
  (
    "的 地 得 了 着 过 是 在 和 与 及 或 或者 也 都 就 而 把 被 对 从 到 让 给 向 于 为 以 之 其 " +
    "这 那 这个 那个 这些 那些 这样 那样 这里 那里 这儿 那儿 这种 那种 这么 那么 " +
    "什么 怎么 怎么样 怎样 如何 为什么 为何 哪 哪里 哪儿 哪些 哪个 吗 呢 吧 啊 呀 嘛 么 " +
    "一个 一些 一下 有 有没有 没有 会 能 能够 可以 要 应该 该 上 下 中 里 " +
    "我 你 您 他 她 它 我们 你们 他们 她们 它们 自己 谁 " +
    "作者 博主 文章 文中 博客里 提到 认为 觉得 说 说了 讲 谈 关于 时候 多少 几 是否 还是 " +
    "如果 因为 所以 但是 但 不 很 更 最 又 再 还 才 一 个 些 等 请问 请 啥 咋 用 用了 使用 " +
    "时 后 前 里面 其中 以及 并 并且 而且 就是 还有 所 被 由"
  ).split(" "),
);

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

/** Han characters (the Chinese of both the questions and the writing). */
const HAN = /\p{Script=Han}/u;
/** A run of Han characters, or a word of Latin letters and digits. */
const RUNS = /(\p{Script=Han}+)|([\p{Script=Latin}\p{N}]+(?:['’][\p{Script=Latin}]+)*)/gu;
const VOWEL = /[aeiouy]/;

/**
 * English words to a common stem, lightly (plurals, -ing, -ed, a final e): "images",
 * "imaging" and "image" are one word; irregular forms stay apart. Both the passages and the
 * question go through it, so a stem only has to be the same, not a real word.
 */
export function stem(word: string): string {
  let w = word.replace(/['’]s$/, "");
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("ied") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5 && VOWEL.test(w.slice(0, -3))) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4 && VOWEL.test(w.slice(0, -2))) w = w.slice(0, -2);
  // "running" and "stopped": the doubled consonant once.
  if (/([^aeiouslz])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** Single Han characters too common to tell passages apart, by their code. */
const CHINESE_STOP_CHARS = new Set(
  [...CHINESE_STOP].filter((w) => w.length === 1).map((c) => c.charCodeAt(0)),
);

/** Characters that join words rather than make them: never paired with a neighbour. */
const PARTICLES = new Set([..."的地得了着过吗呢吧啊呀嘛么是在和与及或也都就把被"]);

/**
 * A term: a Latin word's stem (a string), or a Han character or a pair of adjacent ones as a
 * number (its UTF-16 code, or the first's times 65536 plus the second's), which a Map hashes
 * far faster than a string: an index of ten thousand passages holds about a million of them.
 */
type Term = string | number;

const pairOf = (first: number, second: number) => first * 65536 + second;
const isSurrogate = (code: number) => code >= 0xd800 && code <= 0xdfff;

function latinTerm(word: string): string | undefined {
  if (ENGLISH_STOP.has(word)) return undefined;
  if (word.length === 1 && !/\d/.test(word)) return undefined;
  return stem(word);
}

/**
 * A passage's terms, in order, repeats kept: each Han character and each pair of adjacent
 * ones (whatever a question's words are, their characters are found where they stand
 * together), other words lower-cased and stemmed; stop words of both languages dropped. No
 * word segmentation here: Intl.Segmenter costs about a microsecond a character, seconds for
 * ten thousand passages, where pairs are a loop over character codes.
 */
function eachPassageTerm(text: string, emit: (term: Term) => void): void {
  for (const [, han, word] of text.normalize("NFKC").toLowerCase().matchAll(RUNS)) {
    if (han) {
      for (let i = 0; i < han.length; i++) {
        const code = han.charCodeAt(i);
        if (isSurrogate(code)) {
          // A character beyond the Basic Multilingual Plane (rare): itself, in no pair.
          const char = String.fromCodePoint(han.codePointAt(i) ?? code);
          emit(char);
          i += char.length - 1;
          continue;
        }
        if (!CHINESE_STOP_CHARS.has(code)) emit(code);
        const next = i + 1 < han.length ? han.charCodeAt(i + 1) : -1;
        if (next >= 0 && !isSurrogate(next)) emit(pairOf(code, next));
      }
    } else if (word) {
      const term = latinTerm(word);
      if (term) emit(term);
    }
  }
}

/**
 * A question's terms: its Chinese cut into words by Intl.Segmenter, stop words dropped, each
 * word as its pairs of characters (a word of one character as itself), so only pairs inside
 * the question's words are looked for, never one straddling two ("法国的首都": 法国 and 首都,
 * not 国的 or 的首). Where the segmenter leaves a word it does not know as single characters
 * ("页|面"), neighbouring ones are paired too. Other words as in passages.
 */
function questionTermList(text: string): Term[] {
  const terms: Term[] = [];
  const hanTerms = (chars: string) => {
    const codes = [...chars].map((c) => (c.length === 1 ? c.charCodeAt(0) : c));
    if (codes.length === 1 && codes[0] !== undefined) terms.push(codes[0]);
    for (let i = 0; i + 1 < codes.length; i++) {
      const [a, b] = [codes[i], codes[i + 1]];
      if (typeof a === "number" && typeof b === "number") terms.push(pairOf(a, b));
    }
  };
  for (const [, han, word] of text.normalize("NFKC").toLowerCase().matchAll(RUNS)) {
    if (han) {
      let single = "";
      for (const { segment, isWordLike } of segmenter.segment(han)) {
        if (!isWordLike) {
          single = "";
          continue;
        }
        // A word of stop characters only ("要用", "她的") is itself a function word.
        const stop =
          CHINESE_STOP.has(segment) ||
          [...segment].every((c) => CHINESE_STOP_CHARS.has(c.charCodeAt(0)));
        if (!stop) hanTerms(segment);
        if (segment.length === 1 && !PARTICLES.has(segment)) {
          if (single) hanTerms(single + segment);
          single = segment;
        } else single = "";
      }
    } else if (word) {
      const term = latinTerm(word);
      if (term) terms.push(term);
    }
  }
  return terms;
}

/** A term as text: a number back to its Han character or pair. */
function termText(term: Term): string {
  if (typeof term === "string") return term;
  return term < 65536
    ? String.fromCharCode(term)
    : String.fromCharCode(Math.floor(term / 65536), term % 65536);
}

/** A passage's terms as text (for tests and for reading). */
export function passageTerms(text: string): string[] {
  const terms: string[] = [];
  eachPassageTerm(text, (term) => terms.push(termText(term)));
  return terms;
}

/** A question's terms as text (for tests and for reading). */
export function questionTerms(text: string): string[] {
  return questionTermList(text).map(termText);
}

/**
 * The question's language: Chinese when it holds a Han character, English when it holds a
 * Latin letter, else `fallback` (the interface's language).
 */
export function questionLanguage(question: string, fallback: Locale): Locale {
  if (HAN.test(question)) return "zh-CN";
  if (/\p{Script=Latin}/u.test(question)) return "en-US";
  return fallback;
}

// --- The index ----------------------------------------------------------------------------------

/** BM25's term-frequency saturation and length normalisation (the usual values). */
const K1 = 1.2;
const B = 0.75;
/** A word of the title or of the section's heading counts as this many words of the text. */
const TITLE_WEIGHT = 2;
const SECTION_WEIGHT = 3;
/**
 * The least share of the question's weight (its terms' IDF, a term no passage holds weighing as
 * the rarest) that some passage must hold: below it, the blog has nothing on the subject.
 */
const MIN_COVERAGE = 0.3;
/** The same for a passage that shares a single term with the question. */
const SINGLE_TERM_COVERAGE = 0.5;
/** Passages scoring under this share of the best are dropped as weak matches. */
const RELATIVE_FLOOR = 0.25;
/** Reciprocal rank fusion's constant (Cormack et al.). */
const RRF_K = 60;
/** Passages embedded per call of `embed`. */
const EMBED_BATCH = 64;
/** Nearest passages by vector taken into the fusion. */
const VECTOR_CANDIDATES = 20;

interface BuiltIndex {
  passages: ChatPassage[];
  /** Each term's number: its passages are docs[offsets[n]] to docs[offsets[n + 1] - 1]. */
  termIds: Map<Term, number>;
  offsets: Int32Array;
  docs: Int32Array;
  /** Weighted term frequency, beside docs. */
  tfs: Float32Array;
  /** Weighted length of each passage. */
  lengths: Float64Array;
  avgLength: number;
  /**
   * The same section in the piece's other language (same pair, same place among the piece's
   * sections when both versions have as many, else the other version's opening), else -1.
   */
  counterpart: Int32Array;
  /** Room for one search's sums, one slot a passage (a search runs to its end at once). */
  scores: Float64Array;
  matched: Float64Array;
  termsMatched: Int32Array;
}

const built = new WeakMap<ChatIndexFile, BuiltIndex>();

/** The piece a passage belongs to: its page's path. */
const pathOf = (passage: ChatPassage) => passage.url.split("#", 1)[0] ?? passage.url;

function counterparts(passages: readonly ChatPassage[]): Int32Array {
  const counterpart = new Int32Array(passages.length).fill(-1);
  // Each pair's versions (by path), each version's sections (by url) in order, each section's
  // passages in order (a long section is cut into several).
  const pairs = new Map<string, Map<string, Map<string, number[]>>>();
  for (const [i, passage] of passages.entries()) {
    if (!passage.pair) continue;
    const versions = pairs.get(passage.pair) ?? new Map<string, Map<string, number[]>>();
    pairs.set(passage.pair, versions);
    const sections = versions.get(pathOf(passage)) ?? new Map<string, number[]>();
    versions.set(pathOf(passage), sections);
    const parts = sections.get(passage.url) ?? [];
    sections.set(passage.url, parts);
    parts.push(i);
  }
  for (const versions of pairs.values()) {
    const all = [...versions.values()].map((sections) => [...sections.values()]);
    for (const a of all) {
      for (const b of all) {
        const [first, second] = [a[0]?.[0], b[0]?.[0]];
        if (first === undefined || second === undefined || a === b) continue;
        if (passages[first]?.lang === passages[second]?.lang) continue;
        // Written separately, two versions are aligned section by section only when they have
        // as many sections; otherwise each passage is paired with the other version's opening.
        const aligned = a.length === b.length;
        for (const [n, parts] of a.entries()) {
          const other = aligned ? (b[n] ?? []) : [];
          for (const [m, i] of parts.entries())
            counterpart[i] = other[Math.min(m, other.length - 1)] ?? second;
        }
      }
    }
  }
  return counterpart;
}

/** A typed array twice as long, its values kept. */
function grown<T extends Int32Array | Float32Array | Float64Array>(
  array: T,
  make: (n: number) => T,
): T {
  const bigger = make(array.length * 2);
  bigger.set(array);
  return bigger;
}

function buildIndex(index: ChatIndexFile): BuiltIndex {
  const passages = index.passages;
  const n = passages.length;
  const lengths = new Float64Array(n);
  const termIds = new Map<Term, number>();
  // One passage's weighted counts by term number, reset through the terms it touched; then
  // every (passage, term, count) in passage order, turned into each term's list at the end.
  let counts = new Float64Array(4096);
  let df = new Int32Array(4096);
  const touched: number[] = [];
  let entryTerm = new Int32Array(65536);
  let entryTf = new Float32Array(65536);
  let entries = 0;
  const docEnds = new Int32Array(n);
  let weight = 1;
  let length = 0;
  const add = (term: Term) => {
    let id = termIds.get(term);
    if (id === undefined) {
      id = termIds.size;
      termIds.set(term, id);
      if (id >= counts.length) {
        counts = grown(counts, (size) => new Float64Array(size));
        df = grown(df, (size) => new Int32Array(size));
      }
    }
    if (counts[id] === 0) touched.push(id);
    counts[id] = (counts[id] ?? 0) + weight;
    length += weight;
  };
  // Titles repeat on every passage of a piece: tokenised once each.
  const titleTerms = new Map<string, Term[]>();
  for (const [doc, passage] of passages.entries()) {
    let title = titleTerms.get(passage.title);
    if (!title) {
      const terms: Term[] = [];
      eachPassageTerm(passage.title, (term) => terms.push(term));
      title = terms;
      titleTerms.set(passage.title, title);
    }
    length = 0;
    weight = 1;
    eachPassageTerm(passage.text, add);
    weight = TITLE_WEIGHT;
    for (const term of title) add(term);
    weight = SECTION_WEIGHT;
    eachPassageTerm(passage.section, add);
    lengths[doc] = length;
    for (const id of touched) {
      if (entries === entryTerm.length) {
        entryTerm = grown(entryTerm, (size) => new Int32Array(size));
        entryTf = grown(entryTf, (size) => new Float32Array(size));
      }
      entryTerm[entries] = id;
      entryTf[entries] = counts[id] ?? 0;
      entries++;
      df[id] = (df[id] ?? 0) + 1;
      counts[id] = 0;
    }
    touched.length = 0;
    docEnds[doc] = entries;
  }
  const terms = termIds.size;
  const offsets = new Int32Array(terms + 1);
  for (let id = 0; id < terms; id++) offsets[id + 1] = (offsets[id] ?? 0) + (df[id] ?? 0);
  const next = offsets.slice(0, terms);
  const docs = new Int32Array(entries);
  const tfs = new Float32Array(entries);
  let entry = 0;
  for (let doc = 0; doc < n; doc++) {
    for (const end = docEnds[doc] ?? 0; entry < end; entry++) {
      const id = entryTerm[entry] ?? 0;
      const at = next[id] ?? 0;
      docs[at] = doc;
      tfs[at] = entryTf[entry] ?? 0;
      next[id] = at + 1;
    }
  }
  let total = 0;
  for (const l of lengths) total += l;
  return {
    passages,
    termIds,
    offsets,
    docs,
    tfs,
    lengths,
    avgLength: n && total ? total / n : 1,
    counterpart: counterparts(passages),
    scores: new Float64Array(n),
    matched: new Float64Array(n),
    termsMatched: new Int32Array(n),
  };
}

function indexOf(index: ChatIndexFile): BuiltIndex {
  let found = built.get(index);
  if (!found) {
    found = buildIndex(index);
    built.set(index, found);
  }
  return found;
}

// --- Search -------------------------------------------------------------------------------------

/** BM25's inverse document frequency: never negative. */
const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/**
 * Passages by BM25 score; none when no passage shares enough of the question: at least
 * MIN_COVERAGE of its weight (each term's IDF, a term no passage holds weighing as the rarest),
 * and, for a passage sharing a single term with it, at least SINGLE_TERM_COVERAGE (one word in
 * common, "capital" of "the capital of France", is no subject in common). Weak matches, under
 * RELATIVE_FLOOR of the best score, are left out.
 */
function bm25(built: BuiltIndex, question: string): Map<number, number> {
  const { passages, scores, matched, termsMatched } = built;
  const n = passages.length;
  const rarest = idf(n, 0);
  let questionWeight = 0;
  const touched: number[] = [];
  for (const term of new Set(questionTermList(question))) {
    const id = built.termIds.get(term);
    if (id === undefined) {
      questionWeight += rarest;
      continue;
    }
    const start = built.offsets[id] ?? 0;
    const end = built.offsets[id + 1] ?? 0;
    const termIdf = idf(n, end - start);
    questionWeight += termIdf;
    for (let at = start; at < end; at++) {
      const doc = built.docs[at] ?? 0;
      const tf = built.tfs[at] ?? 0;
      const norm = 1 - B + (B * (built.lengths[doc] ?? 0)) / built.avgLength;
      if (termsMatched[doc] === 0) touched.push(doc);
      scores[doc] = (scores[doc] ?? 0) + (termIdf * tf * (K1 + 1)) / (tf + K1 * norm);
      matched[doc] = (matched[doc] ?? 0) + termIdf;
      termsMatched[doc] = (termsMatched[doc] ?? 0) + 1;
    }
  }
  let best = 0;
  let supported = false;
  for (const doc of touched) {
    best = Math.max(best, scores[doc] ?? 0);
    const coverage = (matched[doc] ?? 0) / questionWeight;
    const needed = termsMatched[doc] === 1 ? SINGLE_TERM_COVERAGE : MIN_COVERAGE;
    if (coverage >= needed) supported = true;
  }
  const results = new Map<number, number>();
  for (const doc of touched) {
    const score = scores[doc] ?? 0;
    if (supported && score >= RELATIVE_FLOOR * best) results.set(doc, score);
    scores[doc] = 0;
    matched[doc] = 0;
    termsMatched[doc] = 0;
  }
  return results;
}

/**
 * Scores as ranked results in the question's language where possible: a passage and its
 * counterpart are one result, shown as the one in `lang`, scored as the better of the two.
 */
function inLanguage(
  built: BuiltIndex,
  scores: Map<number, number>,
  lang: Locale,
): Map<number, number> {
  const results = new Map<number, number>();
  for (const [doc, score] of scores) {
    const other = built.counterpart[doc] ?? -1;
    const shown = built.passages[doc]?.lang !== lang && other >= 0 ? other : doc;
    results.set(shown, Math.max(results.get(shown) ?? 0, score));
  }
  return results;
}

/** Best first; at equal scores the question's language first, then the index's order. */
function ranked(built: BuiltIndex, scores: Map<number, number>, lang: Locale): number[] {
  const own = (doc: number) => (built.passages[doc]?.lang === lang ? 0 : 1);
  return [...scores.keys()].sort(
    (a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || own(a) - own(b) || a - b,
  );
}

/** Unit vectors: a dot product is then the cosine. */
function unit(vector: readonly number[]): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return Float32Array.from(vector, (x) => x * scale);
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

/** The passages' vectors per index and model, embedded once (a failed attempt is retried). */
const vectorsByIndex = new WeakMap<ChatIndexFile, WeakMap<Embed, Promise<Float32Array[]>>>();

function passageVectors(index: ChatIndexFile, embed: Embed): Promise<Float32Array[]> {
  const byEmbed = vectorsByIndex.get(index) ?? new WeakMap<Embed, Promise<Float32Array[]>>();
  vectorsByIndex.set(index, byEmbed);
  let vectors = byEmbed.get(embed);
  if (!vectors) {
    vectors = (async () => {
      const all: Float32Array[] = [];
      for (let at = 0; at < index.passages.length; at += EMBED_BATCH) {
        const batch = index.passages.slice(at, at + EMBED_BATCH);
        const answer = await embed(batch.map((p) => `${p.title}\n${p.section}\n${p.text}`));
        if (answer.length !== batch.length) throw new Error("embed answered the wrong count");
        all.push(...answer.map(unit));
      }
      return all;
    })();
    byEmbed.set(embed, vectors);
    vectors.catch(() => byEmbed.delete(embed));
  }
  return vectors;
}

export function createRetriever(index: ChatIndexFile, options: RetrieverOptions = {}): Retriever {
  const { embed, minSimilarity = 0.5 } = options;
  return {
    async search(question, { lang, limit }) {
      if (limit <= 0) return [];
      const built = indexOf(index);
      const scores = inLanguage(built, bm25(built, question), lang);
      const words = ranked(built, scores, lang);
      let order = words;
      if (embed) {
        const near = await nearest(index, embed, question, minSimilarity).catch(() => null);
        if (near) {
          // Reciprocal rank fusion: each list's rank, not its scale, counts.
          const fused = new Map<number, number>();
          const add = (list: number[]) => {
            for (const [rank, doc] of list.entries())
              fused.set(doc, (fused.get(doc) ?? 0) + 1 / (RRF_K + rank + 1));
          };
          add(words);
          add(ranked(built, inLanguage(built, near, lang), lang));
          order = ranked(built, fused, lang);
          for (const [doc, score] of fused) scores.set(doc, score);
        }
      }
      return order.slice(0, limit).flatMap((doc) => {
        const passage = built.passages[doc];
        return passage ? [{ passage, score: scores.get(doc) ?? 0 }] : [];
      });
    },
  };
}

/** The passages nearest the question by the model, at least `min` similar, with their similarity. */
async function nearest(
  index: ChatIndexFile,
  embed: Embed,
  question: string,
  min: number,
): Promise<Map<number, number>> {
  const [vectors, asked] = await Promise.all([passageVectors(index, embed), embed([question])]);
  const q = unit(asked[0] ?? []);
  const similar: [number, number][] = [];
  for (const [doc, vector] of vectors.entries()) {
    const s = dot(q, vector);
    if (s >= min) similar.push([doc, s]);
  }
  similar.sort((a, b) => b[1] - a[1]);
  return new Map(similar.slice(0, VECTOR_CANDIDATES));
}
