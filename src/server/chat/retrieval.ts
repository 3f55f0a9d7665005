import type { Locale } from "../../i18n/core.ts";
import type { ChatIndexFile, ChatPassage } from "../../shared/chat-rules.ts";
import { eachPassageTerm, questionTermList, type Term } from "./terms.ts";
import { type Embed, nearest } from "./vectors.ts";

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

export interface RetrieverOptions {
  embed?: Embed;
  /**
   * The least cosine similarity at which the model's nearest passages count as matches (the
   * model alone can find a passage that shares no word with the question). Models differ in
   * scale; 0.5 suits OpenAI's and most open embedding models on short questions.
   */
  minSimilarity?: number;
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
