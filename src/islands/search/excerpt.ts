/** A piece of a Pagefind excerpt: plain text, or text the query matched. */
export interface ExcerptPart {
  text: string;
  match: boolean;
  /** Offset of the part in the excerpt's text: a stable key for rendering. */
  start: number;
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  "#x27": "'",
  nbsp: " ",
};

function decode(text: string): string {
  return text.replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole);
}

/**
 * Pagefind returns excerpts as HTML with <mark> around matches. Rather than inject that HTML,
 * split it into text parts; React escapes them, so no markup from the index reaches the page.
 */
export function parseExcerpt(html: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let match = false;
  let start = 0;
  for (const token of html.split(/(<\/?mark>)/i)) {
    const tag = token.toLowerCase();
    if (tag === "<mark>") match = true;
    else if (tag === "</mark>") match = false;
    else {
      const text = decode(token.replace(/<[^>]*>/g, ""));
      if (text) parts.push({ text, match, start });
      start += text.length;
    }
  }
  return parts;
}

/** Characters a cut may fall beside in any case: spaces, and Chinese and Japanese script and punctuation, which put no spaces between words. */
const BREAK = /[\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
/** How far a cut moves outwards to reach a word's edge before the partial word is left out instead. */
const REACH = 24;

/** Whether a cut between `before` and `after` (single characters, "" at an end) splits no word. */
function atBoundary(before: string, after: string): boolean {
  return !before || !after || BREAK.test(before) || BREAK.test(after);
}

const chars = (s: string) => Array.from(s);
const squash = (s: string) => s.replace(/\s+/g, " ");

/**
 * A Pagefind excerpt cut at word edges, with an ellipsis where the page's text goes on. Pagefind
 * cuts at its own word splits, which in the Chinese bundle fall inside Latin words and paths
 * (`s/labs|/hooks`). `content` is the page's whole text (the result's `content`): the excerpt is
 * found in it, and a cut inside a word moves outwards to the word's edge when that is near, or
 * else leaves the partial word out (never a match). A cut beside a Chinese character is
 * always at an edge; between Latin letters only whitespace is.
 */
export function boundedExcerpt(html: string, content: string): ExcerptPart[] {
  const parts = parseExcerpt(html).map((p) => ({ text: squash(p.text), match: p.match }));
  const text = parts.map((p) => p.text).join("");
  const page = squash(content);
  const at = text ? page.indexOf(text) : -1;
  if (at < 0) return withOffsets(parts);
  const before = chars(page.slice(0, at));
  const after = chars(page.slice(at + text.length));
  const first = chars(text)[0] ?? "";
  const last = chars(text).at(-1) ?? "";

  // Each end moves outwards to its word's edge when that is near; else the partial word goes.
  let lead = "";
  for (let i = before.length - 1; ; i--) {
    const next = chars(lead)[0] ?? first;
    if (atBoundary(before[i] ?? "", next)) break;
    if (lead.length >= REACH) {
      lead = "";
      dropLeadingPartialWord(parts, before.at(-1) ?? "");
      break;
    }
    lead = (before[i] ?? "") + lead;
  }
  prepend(parts, lead);

  let tail = "";
  for (let i = 0; ; i++) {
    const previous = chars(tail).at(-1) ?? last;
    if (atBoundary(previous, after[i] ?? "")) break;
    if (tail.length >= REACH) {
      tail = "";
      dropTrailingPartialWord(parts, after[0] ?? "");
      break;
    }
    tail += after[i] ?? "";
  }
  append(parts, tail);

  const cutBefore = before.length - chars(lead).length > 0;
  const cutAfter = after.length - chars(tail).length > 0;
  const body = trimEnds(parts);
  return withOffsets([
    ...(cutBefore ? [{ text: "…", match: false }] : []),
    ...body,
    ...(cutAfter ? [{ text: "…", match: false }] : []),
  ]);
}

type Piece = { text: string; match: boolean };

function prepend(parts: Piece[], text: string): void {
  if (!text) return;
  const first = parts[0];
  if (first && !first.match) first.text = text + first.text;
  else parts.unshift({ text, match: false });
}

function append(parts: Piece[], text: string): void {
  if (!text) return;
  const last = parts.at(-1);
  if (last && !last.match) last.text += text;
  else parts.push({ text, match: false });
}

/** Leaves out the excerpt's first characters up to a word's edge, unless that reaches a match. */
function dropLeadingPartialWord(parts: Piece[], previous: string): void {
  const first = parts[0];
  if (!first || first.match) return;
  const cs = chars(first.text);
  let i = 0;
  let prev = previous;
  while (i < cs.length && !atBoundary(prev, cs[i] ?? "")) prev = cs[i++] ?? "";
  if (i === cs.length && parts.length > 1) return; // the word runs into a match: keep it whole
  first.text = cs.slice(i).join("");
}

/** Leaves out the excerpt's last characters back to a word's edge, unless that reaches a match. */
function dropTrailingPartialWord(parts: Piece[], following: string): void {
  const last = parts.at(-1);
  if (!last || last.match) return;
  const cs = chars(last.text);
  let i = cs.length;
  let next = following;
  while (i > 0 && !atBoundary(cs[i - 1] ?? "", next)) next = cs[--i] ?? "";
  if (i === 0 && parts.length > 1) return;
  last.text = cs.slice(0, i).join("");
}

/** Without the whitespace at either end, and without parts left empty. */
function trimEnds(parts: Piece[]): Piece[] {
  const kept = parts.filter((p) => p.text);
  const first = kept[0];
  if (first && !first.match) first.text = first.text.trimStart();
  const last = kept.at(-1);
  if (last && !last.match) last.text = last.text.trimEnd();
  return kept.filter((p) => p.text);
}

function withOffsets(parts: Piece[]): ExcerptPart[] {
  let start = 0;
  return parts.map((p) => {
    const part = { ...p, start };
    start += p.text.length;
    return part;
  });
}
