import { expect, it } from "vitest";
import { callJson, describeEachDb, postJson } from "../test-support.ts";

// Issue 12: failures carry a machine-readable part beside SPEC.md's { code, message, data },
// so clients never read the wording of a message.
describeEachDb("the error envelope", (ctx) => {
  it("names the kind and the field issues with their i18n keys on a validation failure", async () => {
    const { app } = ctx();
    const res = await callJson(app, "POST", "/api/getEmailCode", {
      body: { email: "nope", locale: "en-US" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 400,
      message: "Please enter a valid email address",
      error: {
        kind: "validation",
        issues: [{ field: "email", key: "validation.emailInvalid" }],
      },
    });
  });

  it("says when to try again on a 429, in the body and the Retry-After header", async () => {
    const { app } = ctx();
    const feedback = {
      subject: "s",
      description: "d",
      environment: {
        url: "https://blog.example/",
        userAgent: "t",
        viewport: "1×1",
        timestamp: "2026-11-23T10:00:00.000Z",
      },
    };
    let res: Response | undefined;
    for (let i = 0; i < 4; i += 1) res = await postJson(app, "/api/createFeedback", feedback);
    expect(res?.status).toBe(429);
    const body = await res?.json();
    expect(body.error).toEqual({
      kind: "too_many_requests",
      retryAfterSeconds: Number(res?.headers.get("retry-after")),
    });
  });

  it("gives every error a kind, and never one to a success", async () => {
    const { app } = ctx();
    const missing = await callJson(app, "GET", "/api/no-such-thing");
    expect(missing.body.error).toEqual({ kind: "not_found" });
    const guarded = await callJson(app, "GET", "/api/getAllUsers");
    expect(guarded.body.error).toEqual({ kind: "unauthorized" });
    const fine = await callJson(app, "GET", "/api/encryption-key");
    expect(fine.body).not.toHaveProperty("error");
  });

  it("names the code field when a verification code is refused", async () => {
    const { app } = ctx();
    const res = await callJson(app, "POST", "/api/verifyEmailCode", {
      body: { email: "a@example.com", code: "123456" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      kind: "bad_request",
      issues: [{ field: "code", key: "auth.codeRejected" }],
    });
  });
});
