import { z } from "zod";
import "./zod-browser.ts";
import { CHAT_LIMITS } from "./chat-rules.ts";

export * from "./chat-rules.ts";

/**
 * `POST /api/chat`: a reader's question about the blog, in the interface language, with the
 * last turns of the conversation for context. The answer is streamed (`ChatEvent`s).
 */
export const chatRequestSchema = z.strictObject({
  question: z
    .string()
    .trim()
    .min(1, "ask a question")
    .max(CHAT_LIMITS.question, `at most ${CHAT_LIMITS.question} characters`),
  locale: z.enum(["zh-CN", "en-US"]).default("en-US"),
  history: z
    .array(
      z.strictObject({
        role: z.enum(["user", "assistant"]),
        content: z.string().max(CHAT_LIMITS.turn, `at most ${CHAT_LIMITS.turn} characters`),
      }),
    )
    .max(CHAT_LIMITS.history, `at most ${CHAT_LIMITS.history} earlier turns`)
    .default([]),
});
export type ChatRequestInput = z.output<typeof chatRequestSchema>;
