import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Stable machine-readable error kinds; the envelope's `code` carries the HTTP status. */
export type ErrorKind =
  | "bad_request"
  | "validation"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "too_many_requests"
  | "internal";

/** The one error type of the API. `toEnvelope` in app.ts turns it into a response. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly kind: ErrorKind;
  readonly details: unknown;

  constructor(
    status: ContentfulStatusCode,
    kind: ErrorKind,
    message: string,
    options: { cause?: unknown; details?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ApiError";
    this.status = status;
    this.kind = kind;
    this.details = options.details ?? null;
  }
}
