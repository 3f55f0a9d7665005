import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorInfo, ErrorKind, FieldIssue } from "../../shared/envelope.ts";

export type { ErrorKind, FieldIssue } from "../../shared/envelope.ts";

export interface ApiErrorOptions {
  cause?: unknown;
  /** The envelope's `data` (null by default). */
  details?: unknown;
  issues?: FieldIssue[];
  retryAfterSeconds?: number;
}

/** The one error type of the API. `errorResponse` in envelope.ts turns it into a response. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly kind: ErrorKind;
  readonly details: unknown;
  readonly issues: FieldIssue[] | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: ContentfulStatusCode,
    kind: ErrorKind,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ApiError";
    this.status = status;
    this.kind = kind;
    this.details = options.details ?? null;
    this.issues = options.issues ?? issuesIn(options.details);
    this.retryAfterSeconds = options.retryAfterSeconds ?? retryAfterIn(options.details);
  }

  /** The envelope's machine-readable part. */
  info(): ErrorInfo {
    const info: ErrorInfo = { kind: this.kind };
    if (this.issues?.length) info.issues = this.issues;
    if (this.retryAfterSeconds !== undefined) info.retryAfterSeconds = this.retryAfterSeconds;
    return info;
  }
}

/** Issues already carried in the data (`{ issues }`, as validation answers keep them). */
function issuesIn(details: unknown): FieldIssue[] | undefined {
  if (typeof details !== "object" || details === null || !("issues" in details)) return undefined;
  const { issues } = details;
  return Array.isArray(issues) ? issues.filter(isIssue) : undefined;
}

function isIssue(value: unknown): value is FieldIssue {
  return (
    typeof value === "object" &&
    value !== null &&
    "field" in value &&
    typeof value.field === "string" &&
    "message" in value &&
    typeof value.message === "string"
  );
}

/** `retryAfterSeconds` already carried in the data (every 429 keeps it there too). */
function retryAfterIn(details: unknown): number | undefined {
  if (typeof details !== "object" || details === null || !("retryAfterSeconds" in details)) {
    return undefined;
  }
  const seconds = details.retryAfterSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) ? Math.ceil(seconds) : undefined;
}
