// The AI chat's contract free of zod: the page's island (src/islands/chat/) and the server
// (src/server/chat/) read the same limits, passage shape and stream events. The request's
// schema, built on these limits, is in chat.ts.

import type { Locale } from "../i18n/core.ts";

/** The most a question, a remembered turn and the history may hold. */
export const CHAT_LIMITS = {
  /** Characters of one question. */
  question: 500,
  /** Characters of one earlier turn sent back as context (longer ones are cut by the page). */
  turn: 2000,
  /** Earlier turns sent with a question (question and answer count one each). */
  history: 6,
  /** Characters of one answer: the model is stopped there. */
  answer: 4000,
  /** Passages given to the model and shown as sources. */
  sources: 5,
} as const;

/** What a passage comes from. */
export type PassageKind = "article" | "note" | "chapter";

/**
 * One retrievable passage: a section of a published article, note or chapter (split at its
 * `##` and `###` headings; a note is one passage), as the build writes it into the chat index.
 */
export interface ChatPassage {
  /** Unique in the index: the page's path and the section's anchor (`/articles/x/#why`). */
  id: string;
  kind: PassageKind;
  /** The piece's title (a note's first words). */
  title: string;
  /** The section's heading; empty for the text before the first heading. */
  section: string;
  /** The page's path with the section's anchor, if any (`/articles/x/#why`). */
  url: string;
  lang: Locale;
  /** The piece's publication date, ISO 8601. */
  date: string;
  /**
   * The translation pair the piece belongs to (its translation key), or null when it is
   * written in one language only. Passages of both versions of a piece share it.
   */
  pair: string | null;
  /** The section's plain text (no Markdown, no HTML). */
  text: string;
}

/**
 * The chat index the build writes (`/d-chat/passages.json`) and the server reads. The same
 * content gives the same bytes (no build time in it), as every file of a build.
 */
export interface ChatIndexFile {
  version: 1;
  passages: ChatPassage[];
}

/** Where the build writes the chat index, from the site's root. */
export const CHAT_INDEX_PATH = "/d-chat/passages.json";

/** A source as the answer shows it: numbered as the answer cites it ([1], [2]…). */
export interface ChatSource {
  n: number;
  kind: PassageKind;
  title: string;
  section: string;
  url: string;
  lang: Locale;
  date: string;
  /** The passage's start, up to about 300 characters, cut at a word. */
  excerpt: string;
}

/**
 * How the answer was made: `model` by the configured language model from the sources;
 * `passages` without a model, the sources quoted; `nothing` when the blog has nothing on it.
 */
export type ChatMode = "model" | "passages" | "nothing";

/**
 * Why an answer stopped early, as the page tells it (each has a message in both languages): the
 * model took too long, failed, or refused the question with its history as too long (clearing
 * the conversation helps).
 */
export type ChatFailure = "timeout" | "provider" | "tooLong";

/**
 * The events of `POST /api/chat`'s stream (`text/event-stream`), in order: one `sources`,
 * any number of `delta`, then one `done` or one `error`. Each is `event: <type>` and
 * `data: <JSON of the rest>`. A refusal before the stream starts (a bad question, 429) is a
 * JSON envelope instead, as every other call's.
 */
export type ChatEvent =
  | { type: "sources"; mode: ChatMode; sources: ChatSource[] }
  | { type: "delta"; text: string }
  | {
      type: "done";
      mode: ChatMode;
      /** The whole answer rendered from its Markdown by the site's pipeline, sanitised. */
      html: string;
      /** The whole answer's Markdown. */
      text: string;
      /** Cut at the answer limit. */
      truncated: boolean;
    }
  | {
      type: "error";
      failure: ChatFailure;
      /** In English; the page shows its own words for `failure`. */
      message: string;
      /** What was answered before it stopped, rendered as `done`'s. */
      html: string;
      text: string;
    };

/** One earlier turn sent back with a question. */
export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

/** `POST /api/chat`'s body. */
export interface ChatRequest {
  question: string;
  /** The interface language (the answer follows the question's own language). */
  locale: Locale;
  history?: ChatTurn[];
}
