import { describe, expect, it } from "vitest";
import { readAddress, writtenQuery } from "./url-state.ts";

describe("a list's view kept in the address", () => {
  const defaults = { q: "", status: "", page: "1" };

  it("reads its own keys, keeping the defaults of those the address lacks", () => {
    expect(readAddress(defaults, "?status=draft&id=x&page=3")).toEqual({
      q: "",
      status: "draft",
      page: "3",
    });
    expect(readAddress(defaults, "")).toEqual(defaults);
    expect(readAddress(defaults, "q=%E6%95%A3%E6%AD%A5+walk")).toMatchObject({ q: "散步 walk" });
  });

  it("writes only what differs from the defaults, beside what else the address holds", () => {
    expect(writtenQuery("id=abc", { q: "a&b", status: "", page: "1" }, defaults)).toBe(
      "id=abc&q=a%26b",
    );
    expect(writtenQuery("q=old&page=4", { q: "", status: "draft", page: "1" }, defaults)).toBe(
      "status=draft",
    );
    // What it writes, it reads back.
    const values = { q: "静态 first", status: "scheduled", page: "2" };
    expect(readAddress(defaults, writtenQuery("", values, defaults))).toEqual(values);
  });
});
