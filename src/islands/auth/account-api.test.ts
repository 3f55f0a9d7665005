import { describe, expect, it } from "vitest";
import { loginUrl } from "../admin/guard.ts";
import { nextPath } from "./account-api.ts";
import { ACCEPTED_NEXT as accepted, REFUSED_NEXT as refused } from "./next-path.test-support.ts";

// Security issue 11: `?next=` must never take a logged-in browser to another origin. Every
// variant below is passed both as the decoded value (through URLSearchParams) and checked
// against what a browser would do with the result: resolve it against the page's own URL.

const ORIGIN = "https://blog.example";

const search = (next: string) => `?${new URLSearchParams({ next })}`;

/** Where `location.assign(result)` would take a browser on ORIGIN. */
const landsOn = (result: string) => new URL(result, `${ORIGIN}/register-login`).origin;

describe("nextPath", () => {
  it.each(refused)("goes home for %s", (_name, next) => {
    expect(nextPath(search(next), ORIGIN)).toBe("/");
  });

  it.each(accepted)("keeps %s", (_name, next, expected) => {
    const result = nextPath(search(next), ORIGIN);
    expect(result).toBe(expected);
    expect(landsOn(result)).toBe(ORIGIN);
  });

  it("refuses the issue's own query strings, percent-encoded as a browser sends them", () => {
    for (const raw of [
      "?next=/%09/evil.example/",
      "?next=/%0A/evil.example/",
      "?next=/%0D/evil.example/",
      "?next=/%5Cevil.example/",
      "?next=%5C%5Cevil.example/",
      "?next=%2F%2Fevil.example",
      "?next=%2F%09%2Fevil.example",
      "?next=javascript%3Aalert(1)",
      "?next=%20javascript:alert(1)",
      "?next=/%2e//evil.example",
    ]) {
      expect(nextPath(raw, ORIGIN), raw).toBe("/");
    }
  });

  it("goes home when next is missing, and reads only the first of two", () => {
    expect(nextPath("", ORIGIN)).toBe("/");
    expect(nextPath("?other=/bms", ORIGIN)).toBe("/");
    expect(nextPath("?next=//evil.example&next=/bms", ORIGIN)).toBe("/");
  });

  it("never lands on another origin, whatever the input", () => {
    for (const [, next] of [...refused, ...accepted]) {
      const result = nextPath(search(next), ORIGIN);
      expect(landsOn(result), JSON.stringify(next)).toBe(ORIGIN);
      expect(result, JSON.stringify(next)).toMatch(/^\/(?![/\\])/);
    }
  });

  it("works on a site served from a port on localhost", () => {
    expect(nextPath(search("/bms"), "http://localhost:4321")).toBe("/bms");
    expect(nextPath(search("/\t/localhost:4322/"), "http://localhost:4321")).toBe("/");
  });
});

describe("the admin guard's login link", () => {
  it("round-trips the current page through nextPath", () => {
    const url = new URL(loginUrl({ pathname: "/bms/feedback", search: "?page=2" }), ORIGIN);
    expect(url.pathname).toBe("/register-login");
    expect(nextPath(url.search, ORIGIN)).toBe("/bms/feedback?page=2");
  });

  it("cannot be turned into a redirect by an odd current path", () => {
    const url = new URL(loginUrl({ pathname: "//evil.example/bms", search: "" }), ORIGIN);
    expect(nextPath(url.search, ORIGIN)).toBe("/");
  });
});
