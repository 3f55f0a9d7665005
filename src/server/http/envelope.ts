import type { Context } from "hono";
import type { Envelope } from "../../shared/envelope.ts";
import { SUCCESS_CODE } from "../../shared/envelope.ts";
import type { ApiError } from "./errors.ts";

export function ok<T>(c: Context, data: T, message = "OK") {
  const body: Envelope<T> = { code: SUCCESS_CODE, message, data };
  return c.json(body, 200);
}

/**
 * The only place an error becomes a response: SPEC.md's `{ code, message, data }` and the
 * machine-readable `error` (kind, field issues, retry time; `Retry-After` as a header too).
 */
export function errorResponse(c: Context, error: ApiError) {
  const body: Envelope<unknown> = {
    code: error.status,
    message: error.message,
    data: error.details,
    error: error.info(),
  };
  if (error.retryAfterSeconds !== undefined) {
    c.header("Retry-After", String(error.retryAfterSeconds));
  }
  return c.json(body, error.status);
}
