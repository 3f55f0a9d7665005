import { afterEach, describe, expect, it, vi } from "vitest";
import { formatTime, formatTimePieces } from "./time.ts";

const AT = "2026-11-28T11:56:00.000Z";

/** Times as a page whose interface is in `locale` shows them. */
function inPage(locale: string) {
  vi.stubGlobal("document", { documentElement: { lang: locale, dataset: { locale } } });
}

describe("formatTimePieces", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("cuts a time between its date and its time of day, in both languages", () => {
    inPage("en-US");
    const english = formatTimePieces(AT);
    expect(english).toHaveLength(2);
    expect(english[0]).toMatch(/^Nov \d+, 2026,$/);
    expect(english[1]).toMatch(/^\d+:56\s?[AP]M$/);
    expect(english.join(" ")).toBe(formatTime(AT));

    inPage("zh-CN");
    const chinese = formatTimePieces(AT);
    expect(chinese).toHaveLength(2);
    expect(chinese[0]).toMatch(/^2026年11月\d+日$/);
    expect(chinese[1]).toMatch(/^\d+:56$/);
    expect(chinese.join(" ")).toBe(formatTime(AT));
  });
});
