import { afterEach, describe, expect, it, vi } from "vitest";
import {
  API_BASE,
  API_TIMEOUT_MS,
  ApiRejection,
  byId,
  createApiClient,
  send,
} from "./api-client.ts";
import { STORAGE_KEYS } from "./storage-keys.ts";
import { storedUser } from "./user-info.test-support.ts";

type Call = { url: string; init: RequestInit };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** An answer with no payload, as most of these calls get. */
const OK = () => json({ code: 200, message: "OK", data: null });

/**
 * A client whose fetch answers `respond`, and the calls it made (recorded, never sent). Without a token unless
 * `getToken` gives one; with `getToken: "stored"` it reads the stored user-info as in a browser.
 */
function clientAnswering(
  respond: (call: Call) => Response | Promise<Response>,
  getToken: (() => string | null) | "stored" = () => null,
) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return respond(call);
  };
  const api = createApiClient(getToken === "stored" ? { fetch } : { fetch, getToken });
  return { api, calls };
}

describe("api client", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("calls the typed route under /api and resolves the envelope when the inner code is 200", async () => {
    const { api, calls } = clientAnswering(() =>
      json({ code: 200, message: "OK", data: { resendAfterSeconds: 60 } }),
    );
    const result = await send(
      api.getEmailCode.$post({ json: { email: "a@b.co", locale: "en-US" } }),
    );
    expect(API_BASE).toBe("/api");
    expect(calls[0]?.url).toBe("/api/getEmailCode");
    expect(calls[0]?.init.method).toBe("POST");
    expect(calls[0]?.init.body).toBe('{"email":"a@b.co","locale":"en-US"}');
    expect(new Headers(calls[0]?.init.headers).get("content-type")).toBe("application/json");
    expect(result).toEqual({
      code: 200,
      message: "OK",
      data: { resendAfterSeconds: 60 },
      success: true,
    });
    // The payload is typed by the server's route: a renamed field is a compile error here.
    if (result.success) expect(result.data.resendAfterSeconds).toBe(60);
  });

  it("types every call by its route: wrong paths, fields and payloads do not compile", () => {
    const { api } = clientAnswering(() => json({}));
    // Checked by `astro check` (tsc): each line below must be a type error, or the check fails.
    // @ts-expect-error: no such route
    expect(api.getEmailCodes).toBeDefined();
    // @ts-expect-error: `mail` is not a field of the request
    void api.getEmailCode.$post({ json: { mail: "a@b.co", locale: "en-US" } });
    void (async () => {
      const result = await send(api["encryption-key"].$get());
      // @ts-expect-error: the payload has `publicKey`, not `key`
      if (result.success) void result.data.key;
    });
  });

  it("puts path parameters and queries into the URL, every id encoded", async () => {
    const { api, calls } = clientAnswering(OK);
    await send(api.admin.chapters[":id"].$get(byId("file:chapter:book/part")));
    await send(api.admin.articles.$get({ query: { q: "ink & paper", page: "2" } }));
    expect(calls.map((c) => c.url)).toEqual([
      "/api/admin/chapters/file%3Achapter%3Abook%2Fpart",
      "/api/admin/articles?q=ink+%26+paper&page=2",
    ]);
  });

  it("sends the bearer token from the stored user-info on every request", async () => {
    const store = new Map<string, string>();
    vi.stubGlobal("localStorage", { getItem: (k: string) => store.get(k) ?? null });
    store.set(
      STORAGE_KEYS.userInfo,
      JSON.stringify({ token: "tok-123", user: storedUser({ role: "admin", userName: "owner" }) }),
    );
    const { api, calls } = clientAnswering(OK, "stored");
    await send(api.verifyIdentity.$get());
    await send(api.logOutUser.$post());
    for (const call of calls) {
      expect(new Headers(call.init.headers).get("authorization")).toBe("Bearer tok-123");
    }
  });

  it("uploads a file as multipart, letting the browser set the boundary", async () => {
    const { api, calls } = clientAnswering(OK, () => "tok");
    const file = new File(["x"], "a.png", { type: "image/png" });
    await send(api.uploadAvatar.$post({ form: { file } }));
    const body = calls[0]?.init.body;
    expect(body).toBeInstanceOf(FormData);
    expect(body instanceof FormData && body.get("file")).toBeInstanceOf(File);
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.has("content-type")).toBe(false);
    expect(headers.get("authorization")).toBe("Bearer tok");
  });

  it("sends no Authorization header when nothing is stored", async () => {
    vi.stubGlobal("localStorage", { getItem: () => null });
    const { api, calls } = clientAnswering(OK, "stored");
    await send(api.verifyIdentity.$get());
    expect(new Headers(calls[0]?.init.headers).has("authorization")).toBe(false);
  });

  it("rejects with the server message when the inner code is not 200", async () => {
    const { api } = clientAnswering(() =>
      json({ code: 4001, message: "Code expired", data: null }),
    );
    const error = await send(
      api.verifyEmailCode.$post({ json: { email: "a@b.co", code: "123456" } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRejection);
    expect(error).toMatchObject({ message: "Code expired", code: 4001 });
  });

  it('rejects with "Unknown error" when the server gives no message', async () => {
    const { api } = clientAnswering(() => json({ code: 500, data: null }));
    await expect(send(api.verifyIdentity.$get())).rejects.toThrow("Unknown error");
  });

  it("passes the server's machine-readable error through, on failures and rejections", async () => {
    const error = {
      kind: "too_many_requests" as const,
      retryAfterSeconds: 42,
    };
    const { api } = clientAnswering(() =>
      json({ code: 429, message: "Too many", data: null, error }, 429),
    );
    expect(await send(api.logOutUser.$post())).toEqual({
      code: 429,
      message: "Too many",
      data: null,
      success: false,
      error,
    });
    const issues = [{ field: "slug", message: "taken", key: "bmsArticles.problems.slugTaken" }];
    const conflict = clientAnswering(() =>
      json({ code: 409, message: "taken", data: null, error: { kind: "conflict", issues } }, 200),
    );
    const rejection = await send(conflict.api.logOutUser.$post()).catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(ApiRejection);
    expect(rejection).toMatchObject({ code: 409, error: { kind: "conflict", issues } });
  });

  it.each([
    {
      what: "an HTTP error, with the server's code and message",
      respond: () => json({ code: 400, message: "Invalid subject: is required", data: {} }, 400),
      result: { code: 400, message: "Invalid subject: is required" },
    },
    {
      what: "an error body that is not an envelope, with the HTTP status",
      respond: () =>
        new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" }),
      result: { code: 502, message: "Bad Gateway" },
    },
    {
      what: "a network error",
      respond: (): Response => {
        throw new TypeError("fetch failed");
      },
      result: { code: 0, message: "fetch failed" },
    },
  ])("turns $what into a failure result", async ({ respond, result }) => {
    const { api } = clientAnswering(respond);
    expect(await send(api.verifyIdentity.$get())).toEqual({
      ...result,
      data: null,
      success: false,
    });
  });

  it("times out after 60 000 ms with a failure result", async () => {
    vi.useFakeTimers();
    const { api } = clientAnswering(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () =>
            reject(new DOMException("aborted", "AbortError")),
          );
        }),
    );
    const pending = send(api.verifyIdentity.$get());
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({
      code: 0,
      message: "Request timed out after 60000 ms",
      data: null,
      success: false,
    });
  });
});
