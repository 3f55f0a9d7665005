import type { Locale } from "../../i18n/core.ts";

// The words of the chat's retrieval (retrieval.ts): Latin words as their stems, Han text as
// single characters and pairs, stop words left out, in both languages at once.

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
export type Term = string | number;

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
export function eachPassageTerm(text: string, emit: (term: Term) => void): void {
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
export function questionTermList(text: string): Term[] {
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
