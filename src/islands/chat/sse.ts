// Server-Sent Events read from a fetch body. The chat's question is a POST, which EventSource
// cannot send, so the page reads the stream itself: this is the part of the HTML standard's
// event-stream parsing it needs (fields `event` and `data`, comments, any line ending, a
// message per blank line), fed text as it arrives, cut anywhere.

import type {
  ChatEvent,
  ChatFailure,
  ChatMode,
  ChatSource,
  PassageKind,
} from "../../shared/chat-rules.ts";

/** One message of the stream: its `event` field ("message" when none) and its data lines. */
export interface SseMessage {
  event: string;
  data: string;
}

export interface SseParser {
  /** Takes the next piece of text; answers the messages it completed. */
  push(chunk: string): SseMessage[];
  /** The stream ended: a message without its closing blank line is dropped, as browsers do. */
  end(): SseMessage[];
}

export function createSseParser(): SseParser {
  let buffer = "";
  let started = false;
  let event = "";
  let data: string[] = [];

  function line(text: string, out: SseMessage[]) {
    if (text === "") {
      if (data.length > 0) out.push({ event: event || "message", data: data.join("\n") });
      event = "";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    // `id` and `retry` mean nothing to a single POST's answer.
  }

  function lines(final: boolean): SseMessage[] {
    const out: SseMessage[] = [];
    for (;;) {
      const at = buffer.search(/[\r\n]/);
      if (at === -1) break;
      // A CR at the end of what has come may be the first half of a CRLF cut in two.
      if (buffer[at] === "\r" && at === buffer.length - 1 && !final) break;
      const width = buffer[at] === "\r" && buffer[at + 1] === "\n" ? 2 : 1;
      const text = buffer.slice(0, at);
      buffer = buffer.slice(at + width);
      line(text, out);
    }
    return out;
  }

  return {
    push(chunk) {
      buffer += chunk;
      if (!started && buffer.length > 0) {
        started = true;
        if (buffer.startsWith("\uFEFF")) buffer = buffer.slice(1);
      }
      return lines(false);
    },
    end() {
      const out = lines(true);
      buffer = "";
      event = "";
      data = [];
      return out;
    },
  };
}

const MODES: readonly ChatMode[] = ["model", "passages", "nothing"];
const FAILURES: readonly ChatFailure[] = ["timeout", "provider", "tooLong"];
const KINDS: readonly PassageKind[] = ["article", "note", "chapter"];

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  list.find((item) => item === value);

function source(value: unknown): ChatSource | null {
  if (!isObject(value) || typeof value.n !== "number" || typeof value.url !== "string") return null;
  const kind = oneOf(KINDS, value.kind) ?? "article";
  return {
    n: value.n,
    kind,
    title: text(value.title),
    section: text(value.section),
    url: value.url,
    lang: value.lang === "zh-CN" ? "zh-CN" : "en-US",
    date: text(value.date),
    excerpt: text(value.excerpt),
  };
}

/**
 * A stream message as one of the chat's events: its type from the JSON's `type` or else the
 * message's `event`, the fields checked (the page trusts no shape it did not check); null for
 * anything else, which the page skips.
 */
export function toChatEvent(message: SseMessage): ChatEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  const type = typeof parsed.type === "string" ? parsed.type : message.event;
  switch (type) {
    case "sources": {
      const mode = oneOf(MODES, parsed.mode);
      if (!mode || !Array.isArray(parsed.sources)) return null;
      const sources = parsed.sources.map(source).filter((s): s is ChatSource => s !== null);
      return { type, mode, sources };
    }
    case "delta":
      return typeof parsed.text === "string" ? { type, text: parsed.text } : null;
    case "done": {
      const mode = oneOf(MODES, parsed.mode);
      if (!mode) return null;
      return {
        type,
        mode,
        html: text(parsed.html),
        text: text(parsed.text),
        truncated: parsed.truncated === true,
      };
    }
    case "error": {
      const failure = oneOf(FAILURES, parsed.failure) ?? "provider";
      return {
        type,
        failure,
        message: text(parsed.message),
        html: text(parsed.html),
        text: text(parsed.text),
      };
    }
    default:
      return null;
  }
}
