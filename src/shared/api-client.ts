import { type Envelope, type ErrorInfo, SUCCESS_CODE } from "./envelope.ts";
import { readUserInfo } from "./user-info.ts";

/** SPEC.md sections 7 and 8. */
export const API_BASE = "/api";
export const API_TIMEOUT_MS = 60_000;
export const UNKNOWN_ERROR = "Unknown error";

/**
 * A resolved call: the server's envelope on success, or a failure result for network and HTTP
 * errors, carrying the server's machine-readable `error` when it sent one (never for a network
 * error or a timeout).
 */
export type ApiResult<T> =
  | (Envelope<T> & { success: true })
  | { code: number; message: string; data: null; success: false; error?: ErrorInfo };

/** Rejection for an HTTP-successful answer whose inner code is not 200. */
export class ApiRejection extends Error {
  readonly code: number;
  readonly error: ErrorInfo | undefined;
  constructor(code: number, message: string, error?: ErrorInfo) {
    super(message || UNKNOWN_ERROR);
    this.name = "ApiRejection";
    this.code = code;
    this.error = error;
  }
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** The bearer token; by default the one in the stored user info. */
  getToken?: () => string | null;
  timeoutMs?: number;
  base?: string;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === "object" && value !== null && "code" in value && typeof value.code === "number"
  );
}

async function readEnvelope(res: Response): Promise<Envelope<unknown> | null> {
  try {
    const body: unknown = await res.json();
    return isEnvelope(body) ? body : null;
  } catch {
    return null;
  }
}

function storedToken(): string | null {
  const storage = typeof localStorage === "undefined" ? undefined : localStorage;
  return readUserInfo(storage)?.token || null;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const base = options.base ?? API_BASE;
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const getToken = options.getToken ?? storedToken;

  async function request<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { accept: "application/json" };
    const token = getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const isForm = typeof FormData !== "undefined" && body instanceof FormData;
    if (body !== undefined && !isForm) headers["content-type"] = "application/json";

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let res: Response;
    try {
      const init: RequestInit = { method, headers, signal: controller.signal };
      // A FormData body (a file upload) goes as multipart, with the boundary the browser sets.
      if (body instanceof FormData) init.body = body;
      else if (body !== undefined) init.body = JSON.stringify(body);
      res = await fetchImpl(`${base}${path}`, init);
    } catch (error) {
      const message = timedOut
        ? `Request timed out after ${timeoutMs} ms`
        : error instanceof Error && error.message
          ? error.message
          : "Network error";
      return { code: 0, message, data: null, success: false };
    } finally {
      clearTimeout(timer);
    }

    const envelope = await readEnvelope(res);
    if (!res.ok) {
      return {
        code: envelope?.code ?? res.status,
        message: envelope?.message || res.statusText || UNKNOWN_ERROR,
        data: null,
        success: false,
        ...(envelope?.error ? { error: envelope.error } : {}),
      };
    }
    if (!envelope) throw new ApiRejection(res.status, UNKNOWN_ERROR);
    if (envelope.code !== SUCCESS_CODE) {
      throw new ApiRejection(envelope.code, envelope.message, envelope.error);
    }
    // The server's envelope carries the payload it promised for this path.
    return { ...(envelope as Envelope<T>), success: true };
  }

  return {
    request,
    get: <T>(path: string) => request<T>("GET", path),
    post: <T>(path: string, body?: unknown) => request<T>("POST", path, body),
    put: <T>(path: string, body?: unknown) => request<T>("PUT", path, body),
    delete: <T>(path: string) => request<T>("DELETE", path),
    upload: <T>(path: string, form: FormData) => request<T>("POST", path, form),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The browser's client: base /api, 60 s, token from the stored user info. */
export const api = createApiClient();
