import { describe, expect, it } from "vitest";
import type { ChatEvent } from "../../shared/chat-rules.ts";
import { askChat } from "./ask.ts";

const none = { getItem: () => null };

/** A response whose body is `pieces`, sent one by one. */
function streamed(pieces: string[], type = "text/event-stream"): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": type } });
}

async function run(
  response: Response | (() => Promise<Response>),
  signal = new AbortController().signal,
) {
  const events: ChatEvent[] = [];
  let sent: RequestInit | undefined;
  const outcome = await askChat(
    { question: "Why static?", locale: "en-US" },
    {
      signal,
      storage: none,
      onEvent: (event) => events.push(event),
      fetch: async (_url, init) => {
        sent = init;
        return typeof response === "function" ? response() : response;
      },
    },
  );
  return { outcome, events, sent };
}

describe("askChat", () => {
  it("posts the question as JSON and hands over each event as it comes, the UTF-8 cut anywhere", async () => {
    const text =
      'event: sources\ndata: {"mode":"model","sources":[]}\n\nevent: delta\ndata: {"text":"静态"}\n\nevent: done\ndata: {"mode":"model","html":"<p>静态</p>","text":"静态","truncated":false}\n\n';
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 5) controller.enqueue(bytes.slice(at, at + 5));
        controller.close();
      },
    });
    const { outcome, events, sent } = await run(
      new Response(body, { headers: { "content-type": "text/event-stream; charset=utf-8" } }),
    );
    expect(outcome).toEqual({ kind: "answered" });
    expect(events.map((e) => e.type)).toEqual(["sources", "delta", "done"]);
    expect(events[1]).toEqual({ type: "delta", text: "静态" });
    expect(sent?.method).toBe("POST");
    expect(JSON.parse(String(sent?.body))).toEqual({ question: "Why static?", locale: "en-US" });
  });

  it("reads a 429's wait from the envelope, else from Retry-After", async () => {
    const envelope = (error: object) =>
      new Response(JSON.stringify({ code: 429, message: "Too many", data: null, error }), {
        status: 429,
        headers: { "content-type": "application/json", "retry-after": "42" },
      });
    expect(
      (await run(envelope({ kind: "too_many_requests", retryAfterSeconds: 17 }))).outcome,
    ).toMatchObject({
      kind: "refused",
      status: 429,
      retryAfterSeconds: 17,
    });
    expect(
      (await run(envelope({ kind: "too_many_requests", details: { retryAfterSeconds: 9 } })))
        .outcome,
    ).toMatchObject({ retryAfterSeconds: 9 });
    expect((await run(envelope({ kind: "too_many_requests" }))).outcome).toMatchObject({
      retryAfterSeconds: 42,
    });
  });

  it("says a stream that ends before done was cut off, and a failed fetch is the network's", async () => {
    expect((await run(streamed(['event: delta\ndata: {"text":"a"}\n\n']))).outcome).toEqual({
      kind: "cutOff",
    });
    expect(
      (
        await run(async () => {
          throw new TypeError("offline");
        })
      ).outcome,
    ).toEqual({ kind: "network" });
  });

  it("is stopped by its signal", async () => {
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('event: delta\ndata: {"text":"a"}\n\n'));
      },
    });
    const response = new Response(body, { headers: { "content-type": "text/event-stream" } });
    const events: ChatEvent[] = [];
    const pending = askChat(
      { question: "q", locale: "en-US" },
      {
        signal: controller.signal,
        storage: none,
        onEvent: (event) => {
          events.push(event);
          controller.abort();
        },
        fetch: async () => response,
      },
    );
    expect(await pending).toEqual({ kind: "stopped" });
    expect(events).toHaveLength(1);
  });
});
