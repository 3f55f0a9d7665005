// The answer cites its sources as [1], [2]: in the finished answer's HTML (sanitised by the
// server) each becomes a link to the section it names. Only text is touched, never a tag or
// an attribute, and never inside code or an existing link, where [1] is the text's own.

import type { ChatSource } from "../../shared/chat-rules.ts";
import { escapeHtml } from "../../shared/html.ts";

/** A tag (its attribute values may hold `>` inside quotes), a comment, or text up to the next. */
const TOKENS = /<!--[\s\S]*?-->|<\/?[a-zA-Z][^\s/>]*(?:[^>"']|"[^"]*"|'[^']*')*>|[^<]+|</g;
/** Where text is left as it is. */
const SKIP = new Set(["pre", "code", "a", "kbd", "samp", "script", "style", "textarea"]);
/** `[1]`, `[1, 2]`, `[1，2]`, `[1、2]`: numbers in brackets. */
const CITATION = /\[(\d{1,2}(?:\s*[,，、]\s*\d{1,2})*)\]/g;

/** Where a source's link points: its own path on this site, nothing else. */
function hrefOf(url: string): string | null {
  return url.startsWith("/") && !url.startsWith("//") ? url : null;
}

export function citationLink(source: ChatSource, label: string): string {
  const href = hrefOf(source.url);
  const where = source.section ? `${source.title} · ${source.section}` : source.title;
  if (!href) return escapeHtml(label);
  return `<a class="chat-cite" href="${escapeHtml(href)}" title="${escapeHtml(where)}" data-source="${source.n}">${escapeHtml(label)}</a>`;
}

/** One text token's citations as links; numbers naming no source stay text. */
function linkText(text: string, byNumber: Map<number, ChatSource>): string {
  return text.replace(CITATION, (whole, list: string) => {
    const numbers = list.split(/\s*[,，、]\s*/).map(Number);
    if (!numbers.every((n) => byNumber.has(n))) return whole;
    return numbers
      .map((n) => {
        const source = byNumber.get(n);
        return source ? citationLink(source, `[${n}]`) : "";
      })
      .join("");
  });
}

/** The answer's HTML with its citations linked to the sources they number. */
export function linkCitations(html: string, sources: readonly ChatSource[]): string {
  if (sources.length === 0 || !html.includes("[")) return html;
  const byNumber = new Map(sources.map((s) => [s.n, s]));
  const open: string[] = [];
  let out = "";
  for (const match of html.matchAll(TOKENS)) {
    const token = match[0];
    if (token.startsWith("<!--")) {
      out += token;
      continue;
    }
    const tag = /^<(\/?)([a-zA-Z][^\s/>]*)/.exec(token);
    if (tag) {
      const name = (tag[2] ?? "").toLowerCase();
      if (SKIP.has(name) && !token.endsWith("/>")) {
        if (tag[1]) {
          const at = open.lastIndexOf(name);
          if (at !== -1) open.splice(at, 1);
        } else open.push(name);
      }
      out += token;
      continue;
    }
    out += open.length > 0 ? token : linkText(token, byNumber);
  }
  return out;
}
