// The conversation of /d-chat: its turns, what the browser keeps of them (localStorage
// `d-chat`), and the earlier turns sent back with a question, within the contract's limits.

import {
  CHAT_LIMITS,
  type ChatEvent,
  type ChatFailure,
  type ChatMode,
  type ChatSource,
  type ChatTurn,
} from "../../shared/chat-rules.ts";
import { STORAGE_KEYS } from "../../shared/storage-keys.ts";
import type { AskOutcome } from "./ask.ts";
import { toChatEvent } from "./sse.ts";

/**
 * Where a turn's answer stands: `failed` when the stream failed, broke off or never came,
 * `refused` when the server said no before answering (a 429, a 400); `problem` says which.
 */
export type TurnState = "streaming" | "done" | "stopped" | "failed" | "refused";

export type TurnProblem =
  | { kind: "failure"; failure: ChatFailure }
  | { kind: "refused"; status: number; retryAfterSeconds?: number | undefined }
  | { kind: "network" }
  | { kind: "cutOff" };

export interface Turn {
  id: string;
  question: string;
  /** When asked, ISO 8601. */
  askedAt: string;
  state: TurnState;
  mode: ChatMode | null;
  sources: ChatSource[];
  /** The answer's Markdown: streamed so far, or the whole. */
  text: string;
  /** The sanitised HTML of a finished (or failed) answer, from the server; null while streaming or stopped. */
  html: string | null;
  truncated: boolean;
  problem: TurnProblem | null;
}

/** The most turns the browser keeps: older ones fall off. */
export const KEPT_TURNS = 30;

export function newTurn(question: string, id: string, now = new Date()): Turn {
  return {
    id,
    question,
    askedAt: now.toISOString(),
    state: "streaming",
    mode: null,
    sources: [],
    text: "",
    html: null,
    truncated: false,
    problem: null,
  };
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const STATES: readonly TurnState[] = ["streaming", "done", "stopped", "failed", "refused"];

function problemOf(value: unknown): TurnProblem | null {
  if (typeof value !== "object" || value === null || !("kind" in value)) return null;
  if (value.kind === "network" || value.kind === "cutOff") return { kind: value.kind };
  if (value.kind === "failure" && "failure" in value) {
    const failure = value.failure;
    if (failure === "timeout" || failure === "provider" || failure === "tooLong")
      return { kind: "failure", failure };
  }
  if (value.kind === "refused" && "status" in value && typeof value.status === "number") {
    const wait =
      "retryAfterSeconds" in value && typeof value.retryAfterSeconds === "number"
        ? value.retryAfterSeconds
        : undefined;
    return { kind: "refused", status: value.status, retryAfterSeconds: wait };
  }
  return null;
}

/** A stored turn as the page can show it, or null when it is not one. */
function turnOf(value: unknown): Turn | null {
  if (typeof value !== "object" || value === null) return null;
  const v: Record<string, unknown> = { ...value };
  if (typeof v.id !== "string" || typeof v.question !== "string" || !v.question) return null;
  const state = STATES.find((s) => s === v.state);
  if (!state) return null;
  // The sources are checked as the stream's are.
  const sourcesEvent = toChatEvent({
    event: "sources",
    data: JSON.stringify({ mode: "model", sources: Array.isArray(v.sources) ? v.sources : [] }),
  });
  const mode = v.mode === "model" || v.mode === "passages" || v.mode === "nothing" ? v.mode : null;
  const text = typeof v.text === "string" ? v.text : "";
  return {
    id: v.id,
    question: v.question,
    askedAt: typeof v.askedAt === "string" ? v.askedAt : "",
    // A page closed while an answer streamed left it unfinished.
    state: state === "streaming" ? "stopped" : state,
    mode,
    sources: sourcesEvent?.type === "sources" ? sourcesEvent.sources : [],
    text,
    html: state === "streaming" || typeof v.html !== "string" ? null : v.html,
    truncated: v.truncated === true,
    problem: problemOf(v.problem),
  };
}

/** The kept conversation; anything unreadable (bad JSON, another shape) is ignored. */
export function readConversation(storage: Store | undefined): Turn[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEYS.chat) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .map(turnOf)
      .filter((t): t is Turn => t !== null)
      .slice(-KEPT_TURNS);
  } catch {
    return [];
  }
}

export function writeConversation(storage: Store | undefined, turns: readonly Turn[]): void {
  try {
    if (turns.length === 0) storage?.removeItem(STORAGE_KEYS.chat);
    else storage?.setItem(STORAGE_KEYS.chat, JSON.stringify(turns.slice(-KEPT_TURNS)));
  } catch {
    // Full or unavailable storage: the conversation still works, only unremembered.
  }
}

/** Text cut to at most `max` UTF-16 units (the server's count), never inside a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? "") ? max - 1 : max;
  return text.slice(0, end);
}

/**
 * The earlier turns sent with a question: the finished answers only (a failed, stopped or
 * refused one would mislead), newest last, at most `CHAT_LIMITS.history` entries (a question
 * and its answer count one each), each cut to `CHAT_LIMITS.turn` characters, starting with a
 * question.
 */
export function historyOf(
  turns: readonly Turn[],
  limits: { history: number; turn: number } = CHAT_LIMITS,
): ChatTurn[] {
  const all: ChatTurn[] = [];
  for (const turn of turns) {
    if (turn.state !== "done" || !turn.text.trim()) continue;
    all.push({ role: "user", content: cut(turn.question, limits.turn) });
    all.push({ role: "assistant", content: cut(turn.text, limits.turn) });
  }
  const kept = limits.history > 0 ? all.slice(-limits.history) : [];
  if (kept[0]?.role === "assistant") kept.shift();
  return kept;
}

/** A turn with one more event of its answer's stream. */
export function withEvent(turn: Turn, event: ChatEvent): Turn {
  switch (event.type) {
    case "sources":
      return { ...turn, mode: event.mode, sources: event.sources };
    case "delta":
      return { ...turn, text: turn.text + event.text };
    case "done":
      return {
        ...turn,
        state: "done",
        mode: event.mode,
        html: event.html,
        text: event.text || turn.text,
        truncated: event.truncated,
        problem: null,
      };
    case "error":
      return {
        ...turn,
        state: "failed",
        html: event.html || null,
        text: event.text || turn.text,
        problem: { kind: "failure", failure: event.failure },
      };
  }
}

/** A turn once its question has ended, however it ended. */
export function withOutcome(turn: Turn, outcome: AskOutcome): Turn {
  if (turn.state !== "streaming") return turn;
  switch (outcome.kind) {
    case "answered":
    case "cutOff":
      return { ...turn, state: "failed", problem: { kind: "cutOff" } };
    case "stopped":
      return { ...turn, state: "stopped", html: null };
    case "network":
      return { ...turn, state: "failed", problem: { kind: "network" } };
    case "refused":
      return {
        ...turn,
        state: "refused",
        problem: {
          kind: "refused",
          status: outcome.status,
          retryAfterSeconds: outcome.retryAfterSeconds,
        },
      };
  }
}

/** What the reader is told of a turn's problem: a message key and its values. */
export function problemMessage(problem: TurnProblem): {
  key:
    | "chat.errors.tooMany"
    | "chat.errors.timeout"
    | "chat.errors.provider"
    | "chat.errors.tooLongConversation"
    | "chat.errors.badQuestion"
    | "chat.errors.unavailable"
    | "chat.errors.network"
    | "chat.errors.cutOff";
  values?: Record<string, number> | undefined;
} {
  switch (problem.kind) {
    case "failure":
      return problem.failure === "tooLong"
        ? { key: "chat.errors.tooLongConversation" }
        : { key: `chat.errors.${problem.failure}` };
    case "network":
      return { key: "chat.errors.network" };
    case "cutOff":
      return { key: "chat.errors.cutOff" };
    case "refused":
      if (problem.status === 429)
        return { key: "chat.errors.tooMany", values: { seconds: problem.retryAfterSeconds ?? 60 } };
      if (problem.status === 400 || problem.status === 413)
        return { key: "chat.errors.badQuestion" };
      if (problem.status === 504) return { key: "chat.errors.timeout" };
      return { key: "chat.errors.unavailable" };
  }
}
