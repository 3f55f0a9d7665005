import { describe, expect, it } from "vitest";
import { isBlocked } from "./blocklist.ts";

describe("isBlocked", () => {
  const list = "casino\n  Cheap Pills \n\n203.0.113.0/24\n198.51.100.7\n2001:db8:bad::/48\n";

  it("finds a listed word in any text, whatever its case", () => {
    expect(isBlocked(list, ["Best CASINO here"], null)).toBe(true);
    expect(isBlocked(list, ["fine", "cheap pills seller"], null)).toBe(true);
    expect(isBlocked(list, ["A kind word"], "192.0.2.1")).toBe(false);
  });

  it("finds a listed address, a range, and an IPv4 address written as IPv6", () => {
    expect(isBlocked(list, ["hi"], "203.0.113.99")).toBe(true);
    expect(isBlocked(list, ["hi"], "198.51.100.7")).toBe(true);
    expect(isBlocked(list, ["hi"], "::ffff:198.51.100.7")).toBe(true);
    expect(isBlocked(list, ["hi"], "2001:db8:bad:1::5")).toBe(true);
    expect(isBlocked(list, ["hi"], "2001:db8:good::5")).toBe(false);
    expect(isBlocked(list, ["hi"], "198.51.100.8")).toBe(false);
    expect(isBlocked(list, ["hi"], null)).toBe(false);
    expect(isBlocked(list, ["hi"], "not an address")).toBe(false);
  });

  it("an empty list blocks nothing", () => {
    expect(isBlocked("", ["casino"], "203.0.113.1")).toBe(false);
  });
});
