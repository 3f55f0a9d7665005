import { validator } from "hono/validator";
import type { z } from "zod";
import { ApiError } from "./errors.ts";

export interface FieldIssue {
  field: string;
  message: string;
}

/** Flattens zod issues to `field: message` pairs, naming the field by its dotted path. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "(body)",
    message: issue.message,
  }));
}

/** Parses `value` with `schema` or throws a 400 ApiError naming the first bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = fieldIssues(result.error);
  const first = issues[0];
  const message = first ? `Invalid ${first.field}: ${first.message}` : "Invalid request";
  throw new ApiError(400, "validation", message, { details: { issues } });
}

/** Hono middleware validating the JSON body; malformed JSON is rejected by Hono with a 400. */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  validator("json", (value) => parseOrThrow(schema, value));
