import { validator } from "hono/validator";
import { z } from "zod";
import { type MessageKey, translator } from "../../i18n/core.ts";
import type { FieldIssue } from "../../shared/envelope.ts";
import { ApiError } from "./errors.ts";

export type { FieldIssue } from "../../shared/envelope.ts";

const english = translator("en-US");
const I18N_KEY = /^validation\.[A-Za-z]+$/;

/** Schemas shared with the browser carry i18n keys as messages; the server answers in English. */
export function issueText(message: string): { message: string; key?: string } {
  if (!I18N_KEY.test(message)) return { message };
  return { message: english(message as MessageKey), key: message };
}

/** Flattens zod issues to `field: message` pairs, naming the field by its dotted path. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "(body)",
    ...issueText(issue.message),
  }));
}

/**
 * Parses `value` with `schema` or throws a 400 ApiError. The message names the first bad
 * field; when the schema's message is an i18n key, the message is its English text.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = fieldIssues(result.error);
  const first = issues[0];
  const message = !first
    ? "Invalid request"
    : first.key
      ? first.message
      : `Invalid ${first.field}: ${first.message}`;
  throw new ApiError(400, "validation", message, { details: { issues } });
}

/** Hono middleware validating the JSON body; malformed JSON is rejected by Hono with a 400. */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  validator("json", (value) => parseOrThrow(schema, value));

/** Hono middleware validating the query string (repeated parameters arrive as arrays). */
export const queryParams = <S extends z.ZodType>(schema: S) =>
  validator("query", (value) => parseOrThrow(schema, value));

/** Hono middleware validating path parameters. */
export const pathParams = <S extends z.ZodType>(schema: S) =>
  validator("param", (value) => parseOrThrow(schema, value));

/** `{id}` path parameters: a uuid. */
export const idParamSchema = z.object({ id: z.uuid() });
