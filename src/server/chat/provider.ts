import OpenAI from "openai";
import { isRefused, type OutboundPolicy, outboundFetch } from "../http/outbound.ts";

// The language model behind /d-chat: any OpenAI-compatible provider (OpenAI, DeepSeek, Qwen, a
// local Ollama or vLLM) through the `openai` client, which speaks their common API. Nothing of
// the provider's (its key, its raw errors) leaves the server: the service turns every failure
// into a `ChatFailure` and logs the status only.

/** One message of the conversation the model is given. */
export interface ModelMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A language model: streams an answer's text; embeds texts when the provider offers it. */
export interface ChatModel {
  stream(
    messages: ModelMessage[],
    options: { signal: AbortSignal; maxTokens: number },
  ): AsyncIterable<string>;
  /** Vectors of `texts`, when an embedding model is configured. */
  embed?: (texts: string[]) => Promise<number[][]>;
}

/** Where the model is and which: what `AI_BASE_URL`, `AI_API_KEY`, `AI_MODEL` (or /bms) say. */
export interface AiConfig {
  baseUrl: string;
  /** Empty for a provider that takes none (a local Ollama). */
  apiKey: string;
  model: string;
  /** Empty: retrieval by words alone. */
  embeddingModel: string;
}

/** The settings as the environment gives them; empty strings where unset. */
export function aiConfigFromEnv(env: NodeJS.ProcessEnv): AiConfig {
  return {
    baseUrl: env.AI_BASE_URL?.trim() ?? "",
    apiKey: env.AI_API_KEY?.trim() ?? "",
    model: env.AI_MODEL?.trim() ?? "",
    embeddingModel: env.AI_EMBEDDING_MODEL?.trim() ?? "",
  };
}

/** A model is configured when there is a model name and a place to ask it. */
export const isConfigured = (config: AiConfig): boolean => Boolean(config.baseUrl && config.model);

/** How long an answer may take, and how long the model may stay silent, in milliseconds. */
export interface ChatTimeouts {
  answerMs: number;
  silenceMs: number;
}

/** `AI_TIMEOUT_MS` (the whole answer, default 60 s); the model may be silent a third of it. */
export function chatTimeoutsFromEnv(env: NodeJS.ProcessEnv): ChatTimeouts {
  const answerMs = Number(env.AI_TIMEOUT_MS) > 0 ? Number(env.AI_TIMEOUT_MS) : 60_000;
  return { answerMs, silenceMs: Math.max(1000, Math.round(answerMs / 3)) };
}

/**
 * How the provider may be reached: public addresses only, unless `AI_ALLOW_LOOPBACK=1` lets a
 * model server on this machine (Ollama on 127.0.0.1) answer.
 */
export const providerPolicy = (env: NodeJS.ProcessEnv): OutboundPolicy => ({
  allowLoopback: env.AI_ALLOW_LOOPBACK === "1",
});

/** The model of `config` through the `openai` client (no retries: a reader is waiting). */
export function openAiModel(config: AiConfig, policy = providerPolicy(process.env)): ChatModel {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    fetch: (url, init) => outboundFetch(url, init, policy),
    // The client insists on a key; a provider that needs none ignores it.
    apiKey: config.apiKey || "none",
    maxRetries: 0,
    // The service enforces its own deadlines; this only bounds a request it forgot.
    timeout: 10 * 60_000,
  });
  const model: ChatModel = {
    async *stream(messages, { signal, maxTokens }) {
      const stream = await client.chat.completions.create(
        { model: config.model, messages, stream: true, max_tokens: maxTokens, temperature: 0.2 },
        { signal },
      );
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    },
  };
  if (config.embeddingModel) {
    model.embed = async (texts) => {
      const answer = await client.embeddings.create({ model: config.embeddingModel, input: texts });
      return [...answer.data].sort((a, b) => a.index - b.index).map((row) => row.embedding);
    };
  }
  return model;
}

/** Whether the provider refused the question for its length (with its history and passages). */
export function isTooLong(error: unknown): boolean {
  return (
    error instanceof OpenAI.APIError &&
    (error.code === "context_length_exceeded" || error.status === 413)
  );
}

/** What a provider's failure may say in the server's log: its HTTP status, never its text. */
export function describeProviderError(error: unknown): string {
  if (isRefused(error)) {
    return "address not allowed: an internal address (AI_ALLOW_LOOPBACK=1 allows this machine)";
  }
  if (error instanceof OpenAI.APIConnectionError) return "provider unreachable";
  if (error instanceof OpenAI.APIError) return `provider answered ${error.status ?? "no status"}`;
  if (error instanceof Error) return `provider unreachable (${error.name})`;
  return "provider failed";
}
