import { zValidator } from "@hono/zod-validator";
import { z } from "zod";
import { isMessageKey, translator } from "../../i18n/core.ts";
import type { FieldIssue } from "../../shared/envelope.ts";
import { ApiError } from "./errors.ts";

export type { FieldIssue } from "../../shared/envelope.ts";

const english = translator("en-US");

/** Schemas shared with the browser carry i18n keys as messages; the server answers in English. */
export function issueText(message: string): { message: string; key?: string } {
  if (!isMessageKey(message)) return { message };
  return { message: english(message), key: message };
}

/** What a zod error of either flavour (classic or core) carries. */
interface Issues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** Flattens zod issues to `field: message` pairs, naming the field by its dotted path. */
export function fieldIssues(error: Issues): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "(body)",
    ...issueText(issue.message),
  }));
}

/** The 400 of a failed parse. The message names the first bad field, in English. */
function invalidRequest(error: Issues): ApiError {
  const issues = fieldIssues(error);
  const first = issues[0];
  const message = !first
    ? "Invalid request"
    : first.key
      ? first.message
      : `Invalid ${first.field}: ${first.message}`;
  return new ApiError(400, "validation", message, { details: { issues } });
}

/** Parses `value` with `schema` or throws the 400 ApiError of its issues. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidRequest(result.error);
}

/**
 * The request validators of every route: zod schemas through `@hono/zod-validator`, so each
 * route's input type (and the typed client's, see src/shared/api-client.ts) is the schema's. A
 * failure is the same 400 as `parseOrThrow`'s, with field issues.
 */
function validated<Target extends "json" | "query" | "param" | "form", S extends z.ZodType>(
  target: Target,
  schema: S,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw invalidRequest(result.error);
  });
}

/** Validates the JSON body; malformed JSON is rejected by Hono with a 400. */
export const jsonBody = <S extends z.ZodType>(schema: S) => validated("json", schema);

/** Validates a multipart (or urlencoded) form body; any other body is an empty form. */
export const formBody = <S extends z.ZodType>(schema: S) => validated("form", schema);

/** Validates the query string (repeated parameters arrive as arrays). */
export const queryParams = <S extends z.ZodType>(schema: S) => validated("query", schema);

/** Validates path parameters. */
export const pathParams = <S extends z.ZodType>(schema: S) => validated("param", schema);

/** `{id}` path parameters: a uuid. */
export const idParamSchema = z.object({ id: z.uuid() });
