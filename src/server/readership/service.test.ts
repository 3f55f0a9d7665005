import { describe, expect, it } from "vitest";
import { isCountedPath } from "../../shared/readership-rules.ts";
import { pagePath, referrerHost, shiftDay, spanOf } from "./service.ts";

describe("what a beacon is counted as", () => {
  it("a path without query, fragment or end slash", () => {
    expect(pagePath("/")).toBe("/");
    expect(pagePath("/?a=1")).toBe("/");
    expect(pagePath("/about/")).toBe("/about");
    expect(pagePath("/articles/hello/#intro")).toBe("/articles/hello");
    expect(pagePath("/a?x=/b#c")).toBe("/a");
    expect(pagePath(`/${"x".repeat(400)}`)).toHaveLength(300);
  });

  it("a referrer's host only when it is another site's web page", () => {
    expect(referrerHost("https://www.google.com/search?q=x", "blog.example")).toBe(
      "www.google.com",
    );
    expect(referrerHost("http://Example.COM:8080/a", "blog.example")).toBe("example.com");
    expect(referrerHost("https://blog.example/a", "blog.example")).toBe("");
    expect(referrerHost("https://blog.example/a", "blog.example:443")).toBe("");
    expect(referrerHost("http://localhost:4321/", "localhost:4390")).toBe("");
    expect(referrerHost("ftp://files.example/", "blog.example")).toBe("");
    expect(referrerHost("android-app://com.example/", "blog.example")).toBe("");
    expect(referrerHost("", "blog.example")).toBe("");
    expect(referrerHost("/relative", "blog.example")).toBe("");
  });

  it("not under the back office, the API or draft previews", () => {
    for (const path of ["/bms", "/bms/", "/bms/overview", "/BMS/x", "/api", "/api/beacon"]) {
      expect(isCountedPath(path), path).toBe(false);
    }
    for (const path of ["/draft-preview", "/draft-preview/", "/draft-preview.html"]) {
      expect(isCountedPath(path), path).toBe(false);
    }
    for (const path of ["/", "/about", "/bmsx", "/articles/bms", "/apis", "/draft-previews"]) {
      expect(isCountedPath(path), path).toBe(true);
    }
  });
});

describe("days", () => {
  it("moves across months and years", () => {
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftDay("2024-03-01", -1)).toBe("2024-02-29");
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("counts a span in the blog's zone, today the last", () => {
    // 17:30 UTC on 21 November is already 22 November in the blog's zone (UTC+8).
    expect(spanOf(7, new Date("2026-11-21T17:30:00Z"))).toEqual({
      from: "2026-11-16",
      to: "2026-11-22",
    });
    expect(spanOf(1, new Date("2026-11-21T15:59:00Z"))).toEqual({
      from: "2026-11-21",
      to: "2026-11-21",
    });
  });
});
