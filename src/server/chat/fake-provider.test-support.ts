import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// An OpenAI-compatible provider on loopback, for the chat's tests (vitest and the browser tests'
// server): it streams chat completions in chunks as the real API does (`data: {chunk}` lines,
// then `data: [DONE]`), answers embeddings with fixed vectors, and can fail or be slow. What it
// was asked is kept, so a test can read the prompt the model got.

/** How the fake answers one completion request. */
export type FakeReply =
  | { kind: "stream"; chunks: string[]; delayMs?: number }
  | { kind: "fail"; status: number; code?: string }
  /** Headers sent, then nothing for `ms` (a model that stalls). */
  | { kind: "stall"; ms: number };

export interface CompletionRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  max_tokens?: number;
}

export interface FakeProvider {
  /** `http://127.0.0.1:<port>/v1`, what `AI_BASE_URL` takes. */
  baseUrl: string;
  /** Every completion request received, in order, with its Authorization header. */
  requests: Array<{ body: CompletionRequest; authorization: string | undefined }>;
  /** Completion requests whose stream the client closed before the end. */
  closedEarly: number;
  /** Texts embedded, over all embedding requests. */
  embedded: number;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(Buffer.from(part));
  return Buffer.concat(parts).toString("utf8");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A vector of a text: a few letters' counts, so equal texts are equal and similar ones close. */
export function fakeVector(text: string): number[] {
  const lower = text.toLowerCase();
  return ["a", "e", "i", "o", "u", "s", "t", "n"].map(
    (letter) => lower.split(letter).length - 1 + 0.01,
  );
}

/** Starts the fake; `reply` decides each completion's answer from its request. */
export async function startFakeProvider(
  reply: (request: CompletionRequest) => FakeReply,
  port = 0,
): Promise<FakeProvider> {
  const requests: FakeProvider["requests"] = [];
  const state = { closedEarly: 0, embedded: 0 };
  const server: Server = createServer(async (req, res) => {
    const text = await bodyOf(req);
    if (req.method === "POST" && req.url === "/v1/embeddings") {
      const { input } = JSON.parse(text) as { input: string | string[] };
      const inputs = Array.isArray(input) ? input : [input];
      state.embedded += inputs.length;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          object: "list",
          model: "fake-embed",
          data: inputs.map((t, index) => ({
            object: "embedding",
            index,
            embedding: fakeVector(t),
          })),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        }),
      );
      return;
    }
    if (req.method === "GET" && req.url === "/v1/models") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: [{ id: "fake-model", object: "model" }] }));
      return;
    }
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "no such route" } }));
      return;
    }
    const body = JSON.parse(text) as CompletionRequest;
    requests.push({ body, authorization: req.headers.authorization });
    const answer = reply(body);
    if (answer.kind === "fail") {
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: {
            message: "secret-internal-detail: upstream exploded (key sk-fake-123)",
            type: "server_error",
            code: answer.code ?? null,
          },
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    let closed = false;
    res.on("close", () => {
      if (!res.writableFinished) {
        closed = true;
        state.closedEarly += 1;
      }
    });
    if (answer.kind === "stall") {
      await sleep(answer.ms);
      if (!closed) res.end("data: [DONE]\n\n");
      return;
    }
    for (const [i, chunk] of answer.chunks.entries()) {
      if (closed) return;
      const data = {
        id: "chatcmpl-fake",
        object: "chat.completion.chunk",
        created: 0,
        model: body.model,
        choices: [
          {
            index: 0,
            delta: i === 0 ? { role: "assistant", content: chunk } : { content: chunk },
            finish_reason: null,
          },
        ],
      };
      res.write(`data: ${JSON.stringify(data)}\n\n`);
      if (answer.delayMs) await sleep(answer.delayMs);
    }
    if (closed) return;
    const last = {
      id: "chatcmpl-fake",
      object: "chat.completion.chunk",
      created: 0,
      model: body.model,
      choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
    };
    res.end(`data: ${JSON.stringify(last)}\n\ndata: [DONE]\n\n`);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  // A TCP server's address is an object (a string only for a pipe).
  const { port: bound } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${bound}/v1`,
    requests,
    get closedEarly() {
      return state.closedEarly;
    },
    get embedded() {
      return state.embedded;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
