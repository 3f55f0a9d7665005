import { type ClientResponse, hc } from "hono/client";
import type { App } from "../server/http/app.ts";
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
  /** Where the API's origin is (its paths start with /api); the page's own by default. */
  origin?: string;
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === "object" && value !== null && "code" in value && typeof value.code === "number"
  );
}

/** The session's bearer token from the stored user info (what every call of the client sends). */
export function storedToken(): string | null {
  const storage = typeof localStorage === "undefined" ? undefined : localStorage;
  return readUserInfo(storage)?.token || null;
}

/**
 * A fetch that gives up after `timeoutMs`, with a message saying so; a caller's own signal
 * (a query overtaken by a newer one) still stops it.
 */
function timedFetch(fetchImpl: () => typeof fetch, timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const signal = init?.signal
        ? AbortSignal.any([init.signal, controller.signal])
        : controller.signal;
      return await fetchImpl()(input, { ...init, signal });
    } catch (error) {
      if (timedOut) throw new Error(`Request timed out after ${timeoutMs} ms`);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The API's routes as typed functions, derived from the server's app (Hono's `hc`): a renamed
 * path, field or parameter is a type error where it is called. `api.login.$post({ json })`
 * sends; `send(…)` turns the answer into an `ApiResult`. Only the app's type is imported: no
 * server code reaches the browser.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const getToken = options.getToken ?? storedToken;
  const client = hc<App>(options.origin ?? "", {
    // Read when called, so a test's stubbed global fetch is the one used.
    fetch: timedFetch(() => options.fetch ?? globalThis.fetch, timeoutMs),
    headers: (): Record<string, string> => {
      const token = getToken();
      return token
        ? { accept: "application/json", authorization: `Bearer ${token}` }
        : { accept: "application/json" };
    },
  });
  return client.api;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Settles a call of the typed client: the server's envelope on success; a failure result for
 * network errors, timeouts and HTTP errors (with the server's machine-readable `error` when it
 * sent one); an `ApiRejection` for an HTTP-successful answer whose inner code is not 200.
 */
export async function send<Body extends { code: number; message: string; data: unknown }>(
  call: Promise<ClientResponse<Body, number, "json">>,
): Promise<ApiResult<Body["data"]>> {
  let res: ClientResponse<Body, number, "json">;
  try {
    res = await call;
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : "Network error";
    return { code: 0, message, data: null, success: false };
  }
  // The body is read once: as an envelope to check, and as the route's typed answer.
  let body: Body | null = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: answered below as having no envelope
  }
  const envelope = isEnvelope(body) ? body : null;
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
  return { code: envelope.code, message: envelope.message, data: envelope.data, success: true };
}

/** Path parameters of the typed client: ids of chapters from files hold a `/`, so every one is encoded. */
export const byId = (id: string) => ({ param: { id: encodeURIComponent(id) } });
export const bySlug = (slug: string) => ({ param: { slug: encodeURIComponent(slug) } });

/** The browser's client: the page's origin, 60 s, token from the stored user info. */
export const api = createApiClient();
