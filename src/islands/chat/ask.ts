// One question to POST /api/chat: the answer's events handed over as they arrive, or why there
// is none. Plain fetch rather than the typed client (src/shared/api-client.ts): its answer is a
// stream, not an envelope, and the client would bring Hono's client to a page that needs none.

import type { ChatEvent, ChatRequest } from "../../shared/chat-rules.ts";
import type { ErrorInfo } from "../../shared/envelope.ts";
import { readUserInfo } from "../../shared/user-info.ts";
import { createSseParser, toChatEvent } from "./sse.ts";

export const CHAT_URL = "/api/chat";

/** How a question ended, beside the events already handed over. */
export type AskOutcome =
  /** A `done` or `error` event came (handed over like the rest). */
  | { kind: "answered" }
  /** Refused before any answer: the envelope's status, its error and the seconds to wait. */
  | {
      kind: "refused";
      status: number;
      error?: ErrorInfo | undefined;
      retryAfterSeconds?: number | undefined;
    }
  /** The reader pressed Stop (or left). */
  | { kind: "stopped" }
  /** No answer at all (offline, the server gone), or a stream that ended midway. */
  | { kind: "network" }
  | { kind: "cutOff" };

export interface AskOptions {
  signal: AbortSignal;
  onEvent: (event: ChatEvent) => void;
  fetch?: typeof fetch;
  storage?: Pick<Storage, "getItem">;
}

/** The seconds a 429 asks to wait: the envelope's, else its `Retry-After` header. */
function waitOf(response: Response, error: ErrorInfo | undefined): number | undefined {
  // The contract's brief names `details.retryAfterSeconds`; the envelope type has it at the top.
  const details: unknown = error && "details" in error ? error.details : undefined;
  const nested =
    typeof details === "object" && details !== null && "retryAfterSeconds" in details
      ? details.retryAfterSeconds
      : undefined;
  const fromBody = error?.retryAfterSeconds ?? (typeof nested === "number" ? nested : undefined);
  if (typeof fromBody === "number" && fromBody > 0) return Math.ceil(fromBody);
  const header = Number(response.headers.get("retry-after"));
  return Number.isFinite(header) && header > 0 ? Math.ceil(header) : undefined;
}

async function refusal(response: Response): Promise<AskOutcome> {
  let error: ErrorInfo | undefined;
  try {
    const body: unknown = await response.json();
    if (typeof body === "object" && body !== null && "error" in body) {
      const info = body.error;
      // Read field by field below; nothing of it is shown as text.
      if (typeof info === "object" && info !== null && "kind" in info) error = info as ErrorInfo;
    }
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const status = response.status >= 400 ? response.status : 500;
  return { kind: "refused", status, error, retryAfterSeconds: waitOf(response, error) };
}

export async function askChat(request: ChatRequest, options: AskOptions): Promise<AskOutcome> {
  const { signal, onEvent } = options;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "text/event-stream, application/json",
  };
  // A signed-in reader is limited as a person, not as an address.
  const token = readUserInfo(
    options.storage ?? (typeof localStorage === "undefined" ? undefined : localStorage),
  )?.token;
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await (options.fetch ?? globalThis.fetch)(CHAT_URL, {
      method: "POST",
      headers,
      body: JSON.stringify(request),
      signal,
    });
  } catch {
    return signal.aborted ? { kind: "stopped" } : { kind: "network" };
  }
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || !type.includes("text/event-stream") || !response.body) {
    return refusal(response);
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  // Stop ends the read at once, whatever the body does with the abort (a test's body ignores it).
  const cancel = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", cancel, { once: true });
  let finished = false;
  const hand = (messages: ReturnType<typeof parser.push>) => {
    for (const message of messages) {
      const event = toChatEvent(message);
      if (!event || finished) continue;
      if (event.type === "done" || event.type === "error") finished = true;
      onEvent(event);
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      hand(parser.push(value));
      if (finished) break;
    }
    hand(parser.end());
  } catch {
    if (signal.aborted) return { kind: "stopped" };
    return finished ? { kind: "answered" } : { kind: "cutOff" };
  } finally {
    signal.removeEventListener("abort", cancel);
    // Whatever follows the last event is not read: the server may stop writing.
    cancel();
  }
  if (finished) return { kind: "answered" };
  return signal.aborted ? { kind: "stopped" } : { kind: "cutOff" };
}
