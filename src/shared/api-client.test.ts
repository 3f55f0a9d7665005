import { afterEach, describe, expect, it, vi } from "vitest";
import { API_BASE, API_TIMEOUT_MS, ApiRejection, createApiClient } from "./api-client.ts";
import { STORAGE_KEYS } from "./storage-keys.ts";

type Call = { url: string; init: RequestInit };

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return respond(call);
  };
  return { fn, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("api client", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("calls base /api and resolves the envelope when the inner code is 200", async () => {
    const f = fakeFetch(() => json({ code: 200, message: "OK", data: { id: 1 } }));
    const api = createApiClient({ fetch: f.fn, getToken: () => null });
    const result = await api.post("/createFeedback", { a: 1 });
    expect(API_BASE).toBe("/api");
    expect(f.calls[0]?.url).toBe("/api/createFeedback");
    expect(f.calls[0]?.init.method).toBe("POST");
    expect(f.calls[0]?.init.body).toBe('{"a":1}');
    expect(result).toEqual({ code: 200, message: "OK", data: { id: 1 }, success: true });
  });

  it("sends the bearer token from the stored user-info on every request", async () => {
    const store = new Map<string, string>();
    vi.stubGlobal("localStorage", { getItem: (k: string) => store.get(k) ?? null });
    store.set(
      STORAGE_KEYS.userInfo,
      JSON.stringify({
        token: "tok-123",
        user: {
          isLogin: true,
          avatar: "",
          email: "a@b.co",
          role: "admin",
          status: "active",
          userName: "owner",
          createdAt: "2026-01-01T00:00:00Z",
          updatedAt: "2026-01-01T00:00:00Z",
          sex: "secret",
          birthday: null,
          desc: "",
          _id: "u1",
        },
      }),
    );
    const f = fakeFetch(() => json({ code: 200, message: "OK", data: null }));
    const api = createApiClient({ fetch: f.fn });
    await api.get("/verifyIdentity");
    await api.post("/logOutUser");
    for (const call of f.calls) {
      expect(new Headers(call.init.headers).get("authorization")).toBe("Bearer tok-123");
    }
  });

  it("uploads a file as multipart, letting the browser set the boundary", async () => {
    const f = fakeFetch(() => json({ code: 200, message: "OK", data: null }));
    const form = new FormData();
    form.set("file", new Blob(["x"], { type: "image/png" }), "a.png");
    await createApiClient({ fetch: f.fn, getToken: () => "tok" }).upload("/uploadAvatar", form);
    expect(f.calls[0]?.init.body).toBe(form);
    const headers = new Headers(f.calls[0]?.init.headers);
    expect(headers.has("content-type")).toBe(false);
    expect(headers.get("authorization")).toBe("Bearer tok");
  });

  it("sends no Authorization header when nothing is stored", async () => {
    vi.stubGlobal("localStorage", { getItem: () => null });
    const f = fakeFetch(() => json({ code: 200, message: "OK", data: null }));
    await createApiClient({ fetch: f.fn }).get("/x");
    expect(new Headers(f.calls[0]?.init.headers).has("authorization")).toBe(false);
  });

  it("rejects with the server message when the inner code is not 200", async () => {
    const f = fakeFetch(() => json({ code: 4001, message: "Code expired", data: null }));
    const api = createApiClient({ fetch: f.fn, getToken: () => null });
    const error = await api.post("/verifyEmailCode", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRejection);
    expect(error).toMatchObject({ message: "Code expired", code: 4001 });
  });

  it('rejects with "Unknown error" when the server gives no message', async () => {
    const f = fakeFetch(() => json({ code: 500, data: null }));
    const api = createApiClient({ fetch: f.fn, getToken: () => null });
    await expect(api.get("/x")).rejects.toThrow("Unknown error");
  });

  it("turns an HTTP error into a failure result with the server's code and message", async () => {
    const f = fakeFetch(() =>
      json({ code: 400, message: "Invalid subject: is required", data: {} }, 400),
    );
    const api = createApiClient({ fetch: f.fn, getToken: () => null });
    expect(await api.post("/createFeedback", {})).toEqual({
      code: 400,
      message: "Invalid subject: is required",
      data: null,
      success: false,
    });
  });

  it("passes the server's machine-readable error through, on failures and rejections", async () => {
    const error = {
      kind: "too_many_requests" as const,
      retryAfterSeconds: 42,
    };
    const f = fakeFetch(() => json({ code: 429, message: "Too many", data: null, error }, 429));
    const api = createApiClient({ fetch: f.fn, getToken: () => null });
    expect(await api.post("/createFeedback", {})).toEqual({
      code: 429,
      message: "Too many",
      data: null,
      success: false,
      error,
    });
    const issues = [{ field: "slug", message: "taken", key: "bmsArticles.problems.slugTaken" }];
    const g = fakeFetch(() =>
      json({ code: 409, message: "taken", data: null, error: { kind: "conflict", issues } }, 200),
    );
    const rejection = await createApiClient({ fetch: g.fn, getToken: () => null })
      .post("/x", {})
      .catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(ApiRejection);
    expect(rejection).toMatchObject({ code: 409, error: { kind: "conflict", issues } });
  });

  it("falls back to the HTTP status when an error body is not an envelope", async () => {
    const f = fakeFetch(
      () => new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    );
    const api = createApiClient({ fetch: f.fn, getToken: () => null });
    expect(await api.get("/x")).toEqual({
      code: 502,
      message: "Bad Gateway",
      data: null,
      success: false,
    });
  });

  it("turns a network error into a failure result", async () => {
    const f = fakeFetch(() => {
      throw new TypeError("fetch failed");
    });
    const api = createApiClient({ fetch: f.fn, getToken: () => null });
    expect(await api.get("/x")).toEqual({
      code: 0,
      message: "fetch failed",
      data: null,
      success: false,
    });
  });

  it("times out after 60 000 ms with a failure result", async () => {
    vi.useFakeTimers();
    const f = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () =>
            reject(new DOMException("aborted", "AbortError")),
          );
        }),
    );
    const api = createApiClient({ fetch: f.fn, getToken: () => null });
    const pending = api.get("/slow");
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
