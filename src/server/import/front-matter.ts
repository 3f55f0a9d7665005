import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import { type Note, note } from "./items.ts";

// The front matter of a Markdown file from another blog tool, read line by line: YAML between
// `---` lines (Hexo, Jekyll, Astro themes, Hugo), TOML between `+++` lines (Hugo), or Hexo's
// YAML with no opening line, ended by `---`.

export interface FrontMatter {
  format: "yaml" | "toml" | "none";
  data: Record<string, unknown>;
  body: string;
  /** Why the front matter could not be read (then `data` is empty and the body is the file). */
  problem?: Note;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Where the closing `fence` line is, from line `from` on; -1 for none. */
function closing(lines: string[], fence: string, from: number): number {
  for (let at = from; at < lines.length; at += 1) {
    if ((lines[at] ?? "").trimEnd() === fence) return at;
  }
  return -1;
}

function parsed(format: "yaml" | "toml", source: string): unknown {
  if (format === "toml") return parseToml(source);
  // YAML 1.2's core schema keeps a date a string: read later in the source's time zone.
  return parseYaml(source);
}

/** A Hexo file with no opening line: its first line reads as a `key: value` of YAML. */
function opensWithKey(line: string): boolean {
  const colon = line.indexOf(":");
  if (colon <= 0) return false;
  const key = line.slice(0, colon);
  return key.trim() === key && [...key].every((c) => c === "_" || c === "-" || /\w/.test(c));
}

/**
 * The front matter and body of `text`. `bare` (Hexo) also takes YAML with no opening line, as
 * Hexo does: everything before the first `---` line, when the file opens with a key.
 */
export function splitFrontMatter(text: string, { bare = false } = {}): FrontMatter {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const lines = source.replaceAll("\r\n", "\n").split("\n");
  const first = (lines[0] ?? "").trimEnd();
  const fence = first === "---" ? "---" : first === "+++" ? "+++" : null;
  const start = fence ? 1 : bare && opensWithKey(first) ? 0 : -1;
  const end = start < 0 ? -1 : closing(lines, fence ?? "---", start);
  if (start < 0 || end < 0) return { format: "none", data: {}, body: lines.join("\n") };
  const format = fence === "+++" ? "toml" : "yaml";
  const body = lines
    .slice(end + 1)
    .join("\n")
    .replace(/^\n+/, "");
  try {
    const data = parsed(format, lines.slice(start, end).join("\n"));
    if (data === null || data === undefined) return { format, data: {}, body };
    if (!isRecord(data)) return { format, data: {}, body, problem: note("frontMatterNotMap") };
    return { format, data, body };
  } catch (error) {
    return {
      format,
      data: {},
      body: lines.join("\n"),
      problem: note("frontMatterUnread", {
        error: error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error),
      }),
    };
  }
}
