import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import {
  CHAT_LIMITS,
  type ChatEvent,
  type ChatIndexFile,
  chatRequestSchema,
} from "../../shared/chat.ts";
import type { Db } from "../db/client.ts";
import { largeBody } from "../http/body-limit.ts";
import type { AppEnv } from "../http/context.ts";
import { type RateRule, rateLimit, rateLimitPerUser } from "../http/rate-limit.ts";
import { jsonBody } from "../http/validate.ts";
import type { ChatIndexSource } from "./index-source.ts";
import { type AiConfig, type ChatModel, type ChatTimeouts, isConfigured } from "./provider.ts";
import { createRetriever, type Retriever } from "./retrieval.ts";
import { answerQuestion } from "./service.ts";
import { recordProviderFailure } from "./settings.ts";

/** What the chat needs from its entry point. */
export interface ChatOptions {
  /** The chat index of the site being served. */
  index: ChatIndexSource;
  /** The provider's settings now (the environment's, or the owner's from /bms). */
  config: (db: Db) => Promise<AiConfig>;
  /** The model of a configuration (the `openai` client; tests give a stand-in). */
  modelOf: (config: AiConfig) => ChatModel;
  timeouts: ChatTimeouts;
  /** Questions a minute per address, and per signed-in reader (`chatRates`). */
  rates: { address: RateRule; user: RateRule };
}

/** The most a question's body may hold: the question and its history, CJK at 3 bytes a character. */
const BODY_BYTES = 4 * (CHAT_LIMITS.question + CHAT_LIMITS.turn * CHAT_LIMITS.history) + 1024;

const EMPTY_INDEX: ChatIndexFile = { version: 1, passages: [] };

/**
 * `POST /api/chat`: a question answered from the blog's own writing, streamed as Server-Sent
 * Events (`ChatEvent`s). Public: rate-limited per address, and per account for a signed-in
 * reader; a refusal before the stream is a JSON envelope like any other call's.
 */
export function chatRoutes(options: ChatOptions) {
  // One retriever per index (and embedding model), one model per configuration, each made once.
  const retrievers = new WeakMap<ChatIndexFile, Map<string, Retriever>>();
  const models = new Map<string, ChatModel>();
  const modelOf = (config: AiConfig) => {
    const key = JSON.stringify(config);
    let model = models.get(key);
    if (!model) {
      model = options.modelOf(config);
      models.clear();
      models.set(key, model);
    }
    return model;
  };
  const retrieverOf = (index: ChatIndexFile, config: AiConfig, model: ChatModel | null) => {
    const byModel = retrievers.get(index) ?? new Map<string, Retriever>();
    retrievers.set(index, byModel);
    // Embeddings belong to one provider's model: another one (saved in /bms) embeds afresh.
    const key = model?.embed ? `embed:${config.baseUrl}:${config.embeddingModel}` : "words";
    let retriever = byModel.get(key);
    if (!retriever) {
      retriever = createRetriever(index, model?.embed ? { embed: model.embed } : {});
      byModel.set(key, retriever);
    }
    return retriever;
  };

  return new Hono<AppEnv>().post(
    "/chat",
    largeBody(BODY_BYTES),
    rateLimit(options.rates.address),
    rateLimitPerUser(options.rates.user),
    jsonBody(chatRequestSchema),
    async (c) => {
      const input = c.req.valid("json");
      const config = await options.config(c.var.db);
      const model = isConfigured(config) ? modelOf(config) : null;
      const index = (await options.index(c.req.raw)) ?? EMPTY_INDEX;
      const retriever = retrieverOf(index, config, model);
      const reader = new AbortController();
      // A proxy in front (nginx) must pass each event on as it comes.
      c.header("X-Accel-Buffering", "no");
      return streamSSE(c, async (stream) => {
        stream.onAbort(() => reader.abort());
        const send = async (event: ChatEvent) => {
          if (reader.signal.aborted) return;
          const { type, ...data } = event;
          await stream.writeSSE({ event: type, data: JSON.stringify({ type, ...data }) });
        };
        try {
          await answerQuestion(
            {
              retriever,
              model,
              timeouts: options.timeouts,
              log: (line) => console.warn(line),
              failed: (reason) => recordProviderFailure(c.var.db, reason),
            },
            input,
            send,
            reader.signal,
          );
        } catch (error) {
          // Headers are sent: the failure can only be told in the stream.
          console.error("POST /api/chat failed", error);
          const message = "The answer could not be made";
          await send({ type: "error", failure: "provider", message, html: "", text: "" });
        }
      });
    },
  );
}
