/** Every API response body: inner `code` 200 is success (SPEC.md sections 7 and 8). */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  /** Present on every failure: what went wrong, for programs (the message is for people). */
  error?: ErrorInfo;
}

export const SUCCESS_CODE = 200;

/** Stable machine-readable error kinds; the envelope's `code` carries the HTTP status. */
export const ERROR_KINDS = [
  "bad_request",
  "validation",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "too_many_requests",
  "internal",
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** One problem with one field of a request. */
export interface FieldIssue {
  /** The dotted path of the field (`environment.url`), or `(body)`. */
  field: string;
  /** English, for logs and API users. */
  message: string;
  /** An i18n message key the interface shows instead, in the reader's language. */
  key?: string;
  /** Values the key's message names (`{{by}}`, `{{slug}}`). */
  values?: Record<string, string | number>;
}

/** The machine-readable part of a failure. Clients read this, never the message's wording. */
export interface ErrorInfo {
  kind: ErrorKind;
  issues?: FieldIssue[];
  /** Set on every 429: when to try again. */
  retryAfterSeconds?: number;
}
