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
