import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import type { Locale } from "../../i18n/core.ts";
import {
  CHAT_LIMITS,
  type ChatEvent,
  type ChatMode,
  type ChatPassage,
  type ChatTurn,
} from "../../shared/chat.ts";
import { mapElements, previewMarkdown } from "../content/service/preview.ts";
import { modelMessages, nothingAnswer, passagesAnswer, QUOTED, sourcesOf } from "./prompt.ts";
import { type ChatModel, type ChatTimeouts, describeProviderError, isTooLong } from "./provider.ts";
import type { Retriever } from "./retrieval.ts";
import { questionLanguage } from "./terms.ts";

// One answer of /d-chat, as a sequence of events: the sources found, the answer's text as it is
// written, then the whole answer rendered, or what went wrong. Retrieval first: with nothing
// found the model is not asked (it would invent); with no model the passages are the answer.

export interface ChatQuestion {
  question: string;
  locale: Locale;
  history: ChatTurn[];
}

export interface ChatDeps {
  retriever: Retriever;
  /** Null: no model is configured. */
  model: ChatModel | null;
  timeouts: ChatTimeouts;
  /** Where a failure's cause is written (never to the reader). */
  log?: (line: string) => void;
  /** Told when the provider failed a reader, who got the passages instead (the owner sees it). */
  failed?: (reason: string) => Promise<void>;
}

const FAILURES = {
  timeout: "The language model took too long to answer",
  provider: "The language model could not answer",
  tooLong: "The conversation is too long for the language model",
} as const;

/** Roughly how many tokens an answer of `CHAT_LIMITS.answer` characters takes. */
const MAX_TOKENS = 1200;

/**
 * The blog's passages for a question: found by the question itself, else (a follow-up such as
 * "why?") by the question with the reader's previous one.
 */
async function passagesFor(deps: ChatDeps, input: ChatQuestion, lang: Locale) {
  // More than needed, so that no one page fills every place (`fromSeveralPages`).
  const limit = CHAT_LIMITS.sources * 3;
  const found = await deps.retriever.search(input.question, { lang, limit });
  if (found.length > 0) return fromSeveralPages(found.map((r) => r.passage));
  const previous = input.history.findLast((turn) => turn.role === "user");
  if (!previous) return [];
  const again = await deps.retriever.search(`${previous.content} ${input.question}`, {
    lang,
    limit,
  });
  return fromSeveralPages(again.map((r) => r.passage));
}

/** Passages per page at most, when other pages have some too. */
const PER_PAGE = 2;

/**
 * The best passages, at most `PER_PAGE` of one page while others wait: five sources from one
 * article tell a reader less than the two best of it and the best of three more. Places still
 * free after that go to the next best, whatever their page.
 */
export function fromSeveralPages(ranked: readonly ChatPassage[]): ChatPassage[] {
  const taken: ChatPassage[] = [];
  const rest: ChatPassage[] = [];
  const perPage = new Map<string, number>();
  for (const passage of ranked) {
    // The page, without the section's anchor.
    const page = new URL(passage.url, "http://page.invalid").pathname;
    const seen = perPage.get(page) ?? 0;
    if (seen < PER_PAGE) {
      taken.push(passage);
      perPage.set(page, seen + 1);
    } else rest.push(passage);
  }
  const order = new Map(ranked.map((passage, i) => [passage, i]));
  return [...taken, ...rest]
    .slice(0, CHAT_LIMITS.sources)
    .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/** The answer without a model: the best passages quoted with their links (the sources list names them). */
async function answerWithPassages(
  passages: ChatPassage[],
  send: (event: ChatEvent) => Promise<void>,
) {
  const mode = "passages";
  await send({ type: "sources", mode, sources: sourcesOf(passages, QUOTED.passages) });
  const text = passagesAnswer(passages);
  await send({ type: "delta", text });
  await send({ type: "done", mode, html: await renderAnswer(text), text, truncated: false });
}

/** A rendered answer: the site's Markdown pipeline, sanitised, without pictures. */
export async function renderAnswer(text: string): Promise<string> {
  if (!text.trim()) return "";
  const { html } = await previewMarkdown(text);
  // A picture would be fetched as soon as it shows: an answer could send a reader's address
  // (and whatever a passage slipped into its URL) elsewhere. Its description stays.
  const tree = mapElements(fromHtml(html, { fragment: true }), (element) => {
    if (element.tagName !== "img") return undefined;
    const alt = element.properties.alt;
    if (typeof alt !== "string" || !alt) return [];
    return [
      {
        type: "element",
        tagName: "span",
        properties: {},
        children: [{ type: "text", value: alt }],
      },
    ];
  });
  return toHtml(tree);
}

/**
 * Answers `input`, handing each event to `send` in order. `signal` is the reader going away (or
 * pressing Stop): the model is stopped and nothing more is sent.
 */
export async function answerQuestion(
  deps: ChatDeps,
  input: ChatQuestion,
  send: (event: ChatEvent) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  const lang = questionLanguage(input.question, input.locale);
  const passages = await passagesFor(deps, input, lang);
  if (passages.length === 0) {
    const mode: ChatMode = "nothing";
    await send({ type: "sources", mode, sources: [] });
    const text = nothingAnswer(lang);
    await send({ type: "delta", text });
    await send({ type: "done", mode, html: await renderAnswer(text), text, truncated: false });
    return;
  }
  if (!deps.model) return answerWithPassages(passages, send);
  const mode: ChatMode = "model";
  await send({ type: "sources", mode, sources: sourcesOf(passages) });

  const stop = new AbortController();
  let why: "timeout" | "reader" | null = null;
  const abort = (reason: "timeout" | "reader") => {
    why ??= reason;
    stop.abort();
  };
  const onReader = () => abort("reader");
  signal.addEventListener("abort", onReader);
  if (signal.aborted) abort("reader");
  const deadline = setTimeout(() => abort("timeout"), deps.timeouts.answerMs);
  let silence = setTimeout(() => abort("timeout"), deps.timeouts.silenceMs);

  let text = "";
  let truncated = false;
  try {
    const messages = modelMessages(lang, input.question, passages, input.history);
    for await (const chunk of deps.model.stream(messages, {
      signal: stop.signal,
      maxTokens: MAX_TOKENS,
    })) {
      clearTimeout(silence);
      silence = setTimeout(() => abort("timeout"), deps.timeouts.silenceMs);
      const room = CHAT_LIMITS.answer - text.length;
      const piece = chunk.slice(0, room);
      text += piece;
      if (piece) await send({ type: "delta", text: piece });
      if (chunk.length > room) {
        truncated = true;
        abort("reader");
        break;
      }
    }
    if (why === "timeout") throw new Error("timed out");
  } catch (error) {
    if (why === "reader" && !truncated) return;
    if (!truncated) {
      const failure = why === "timeout" ? "timeout" : isTooLong(error) ? "tooLong" : "provider";
      if (failure !== "tooLong" && text === "") {
        // The provider failed before a word: the reader gets the passages, as without a model,
        // and the owner is told.
        const reason = failure === "timeout" ? "no answer in time" : describeProviderError(error);
        deps.log?.(`chat: ${reason}`);
        await deps.failed?.(reason).catch(() => {});
        if (!signal.aborted) await answerWithPassages(passages, send);
        return;
      }
      if (failure !== "timeout") deps.log?.(`chat: ${describeProviderError(error)}`);
      const message = FAILURES[failure];
      await send({ type: "error", failure, message, html: await renderAnswer(text), text });
      return;
    }
  } finally {
    clearTimeout(deadline);
    clearTimeout(silence);
    signal.removeEventListener("abort", onReader);
  }
  if (signal.aborted) return;
  await send({ type: "done", mode, html: await renderAnswer(text), text, truncated });
}
