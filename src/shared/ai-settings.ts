import { z } from "zod";
import "./zod-browser.ts";

// The AI chat's provider as the owner sets it in /bms/userSet: any OpenAI-compatible API (its
// address, the model, an embedding model for retrieval by meaning) and its key, which the
// server keeps sealed and never sends back. A field left empty falls back to the environment's
// (`AI_BASE_URL`, `AI_MODEL`, `AI_EMBEDDING_MODEL`, `AI_API_KEY`).

export const AI_LIMITS = { baseUrl: 300, model: 100, apiKey: 400 } as const;

const modelName = z
  .string()
  .trim()
  .max(AI_LIMITS.model, `at most ${AI_LIMITS.model} characters`)
  .regex(/^[\w.:/@-]*$/, "letters, digits and . : / @ - _ only");

/** `PUT /api/admin/ai`: every field; `apiKey` left out keeps the stored key, "" removes it. */
export const saveAiSettingsSchema = z.strictObject({
  baseUrl: z
    .string()
    .trim()
    .max(AI_LIMITS.baseUrl, `at most ${AI_LIMITS.baseUrl} characters`)
    .refine(
      (url) => url === "" || (URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)),
      "must be an http or https address",
    ),
  model: modelName,
  embeddingModel: modelName,
  apiKey: z
    .string()
    .trim()
    .max(AI_LIMITS.apiKey, `at most ${AI_LIMITS.apiKey} characters`)
    .regex(/^[\x21-\x7e]*$/, "printable characters without spaces only")
    .optional(),
});
export type SaveAiSettingsInput = z.output<typeof saveAiSettingsSchema>;

/** What `GET`/`PUT /api/admin/ai` answer: the saved fields, never the key itself. */
export interface AiSettingsRecord {
  baseUrl: string;
  model: string;
  embeddingModel: string;
  /** A key is stored (sealed). */
  hasKey: boolean;
  /** Its last four characters, to recognise it ("" for none). */
  keyHint: string;
  /** A key is stored but cannot be opened: the server's secret changed since it was saved. */
  keyUnreadable: boolean;
  /** The server can keep a key (it has a secret to seal it with). */
  canStoreKey: boolean;
  /** What the environment sets, for the fields left empty here (the key only as set or not). */
  env: { baseUrl: string; model: string; embeddingModel: string; hasKey: boolean };
  /** Whether the chat has a model now (an address and a model, from here or the environment). */
  configured: boolean;
  updatedAt: string | null;
  /**
   * The provider's last failure to answer a reader since the settings were saved (readers then
   * got the blog's passages instead), or null.
   */
  lastFailure: { at: string; reason: string } | null;
}

/** `POST /api/admin/ai/test`: whether the provider of these settings answers, and how fast. */
export interface AiTestResult {
  ok: boolean;
  ms: number;
  /** Why it did not answer (a status and the provider's error type, never its text). */
  reason: string;
}
