import { z } from "zod";
import "../../../../shared/zod-browser.ts";
import type { MessageKey } from "../../../../i18n/core.ts";
import { type AiSettingsRecord, saveAiSettingsSchema } from "../../../../shared/ai-settings.ts";
import { type FormWords, serverIssues, withWords } from "../../app/problems.ts";

/**
 * The AI form: the server's body (`saveAiSettingsSchema`) with the key always a text, empty
 * until the owner types a new one (the stored key is never shown), and whether to remove the
 * stored key on save.
 */
export type AiFields = {
  baseUrl: string;
  model: string;
  embeddingModel: string;
  /** A new key, or "" to keep the stored one. */
  apiKey: string;
  /** Remove the stored key (the new one typed, if any, is not sent). */
  removeKey: boolean;
};

/**
 * The body of `PUT /api/admin/ai` the form's values make: `apiKey` left out when nothing was
 * typed (the stored key is kept), "" when the stored key is to be removed, else the new key.
 */
export function aiBody({
  removeKey,
  apiKey,
  ...fields
}: AiFields): z.input<typeof saveAiSettingsSchema> {
  if (removeKey) return { ...fields, apiKey: "" };
  return apiKey.trim() === "" ? fields : { ...fields, apiKey };
}

/**
 * Each field of the body's words: too long, and otherwise wrong (none is wrong blank: a blank
 * field is the environment's). Keyed by the body's fields (`aiFields` test: every one has words).
 */
export const AI_WORDS: FormWords = {
  baseUrl: { long: "bmsAi.problems.baseUrlTooLong", other: "bmsAi.problems.baseUrlInvalid" },
  model: { long: "bmsAi.problems.modelTooLong", other: "bmsAi.problems.modelInvalid" },
  embeddingModel: { long: "bmsAi.problems.modelTooLong", other: "bmsAi.problems.modelInvalid" },
  apiKey: { long: "bmsAi.problems.keyTooLong", other: "bmsAi.problems.keyInvalid" },
};

/**
 * The form's schema: its values made into the server's body, checked by the server's own rules
 * and speaking the form's words; what the form submits is that body.
 */
export const aiSettingsSchema = withWords(
  z.custom<AiFields>().transform(aiBody).pipe(saveAiSettingsSchema),
  AI_WORDS,
);

/** The form's fields in screen order: where a problem sends focus first. */
export const AI_FIELDS = ["baseUrl", "model", "embeddingModel", "apiKey"] as const;

/**
 * A refused save with each field issue in the interface's words: the server's own key where it
 * names one (no secret to keep a key with), else the form's words for the field.
 */
export const aiIssues = (error: unknown, values: AiFields) => serverIssues(error, AI_WORDS, values);

/** The form's values of the settings as the server answers them: no key typed, none removed. */
export const aiFields = (record: AiSettingsRecord): AiFields => ({
  baseUrl: record.baseUrl,
  model: record.model,
  embeddingModel: record.embeddingModel,
  apiKey: "",
  removeKey: false,
});

/** What the chat uses now: each field as saved here, or else the environment's. */
export const aiInUse = (record: AiSettingsRecord) => ({
  baseUrl: record.baseUrl || record.env.baseUrl,
  model: record.model || record.env.model,
  embeddingModel: record.embeddingModel || record.env.embeddingModel,
});

/** What the form says of the key: stored (readable or not), or none, with its words. */
export function keyState(record: AiSettingsRecord): {
  key: MessageKey;
  values?: Record<string, string>;
  warn: boolean;
} {
  if (record.hasKey && record.keyUnreadable) {
    return record.keyHint
      ? { key: "bmsAi.keyUnreadableHint", values: { hint: record.keyHint }, warn: true }
      : { key: "bmsAi.keyUnreadable", warn: true };
  }
  if (record.hasKey) {
    return record.keyHint
      ? { key: "bmsAi.keyStored", values: { hint: record.keyHint }, warn: false }
      : { key: "bmsAi.keyStoredNoHint", warn: false };
  }
  return { key: record.env.hasKey ? "bmsAi.keyFromEnv" : "bmsAi.noKey", warn: false };
}
