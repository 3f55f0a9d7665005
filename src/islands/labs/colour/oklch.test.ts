import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  clampLch,
  contrastWith,
  hexOf,
  inSrgb,
  lchOf,
  lchParam,
  mixOklch,
  oklchCss,
  parseLchParam,
  ratioText,
  sitePalette,
  wcagLevels,
} from "./oklch.ts";

const red = { l: 0.628, c: 0.2577, h: 29.23 }; // #ff0000
const blue = { l: 0.452, c: 0.313, h: 264.05 }; // #0000ff

describe("mixing in OKLCH", () => {
  it("gives each end at 0 and 1, and the halfway colour at 0.5", () => {
    expect(mixOklch(red, blue, 0)).toEqual(clampLch(red));
    expect(mixOklch(red, blue, 1).h).toBeCloseTo(blue.h, 6);
    const half = mixOklch(red, blue, 0.5);
    expect(half.l).toBeCloseTo((red.l + blue.l) / 2, 6);
    expect(half.c).toBeCloseTo((red.c + blue.c) / 2, 6);
  });

  it("takes the hue the short way or the long way round, as CSS does", () => {
    const a = { l: 0.7, c: 0.15, h: 30 };
    const b = { l: 0.5, c: 0.2, h: 250 };
    // 30 → 250 is 220° forwards and 140° backwards: shorter goes back through 320.
    expect(mixOklch(a, b, 0.5, "shorter").h).toBeCloseTo(320, 6);
    expect(mixOklch(a, b, 0.5, "longer").h).toBeCloseTo(140, 6);
    expect(mixOklch(a, b, 0.5, "increasing").h).toBeCloseTo(140, 6);
    expect(mixOklch(a, b, 0.5, "decreasing").h).toBeCloseTo(320, 6);
  });

  it("lets a grey take the other colour's hue rather than drag it towards 0°", () => {
    const grey = { l: 0.5, c: 0, h: 0 };
    const teal = { l: 0.7, c: 0.12, h: 190 };
    expect(mixOklch(grey, teal, 0.5).h).toBeCloseTo(190, 6);
  });
});

describe("writing a colour", () => {
  it("prints oklch() with sensible precision", () => {
    expect(oklchCss({ l: 0.62534, c: 0.15049, h: 30.04 })).toBe("oklch(62.5% 0.15 30)");
    expect(oklchCss({ l: 1.2, c: -1, h: 370 })).toBe("oklch(100% 0 10)");
  });

  it("gives the hex of a colour in sRGB, and maps one outside into sRGB", () => {
    expect(hexOf(red)).toBe("#ff0000");
    expect(inSrgb(red)).toBe(true);
    const vivid = { l: 0.7, c: 0.35, h: 150 };
    expect(inSrgb(vivid)).toBe(false);
    expect(hexOf(vivid)).toMatch(/^#[0-9a-f]{6}$/);
    // Mapped by reducing chroma: lightness and hue stay about where they were.
    const mapped = lchOf(hexOf(vivid));
    expect(mapped?.l).toBeCloseTo(0.7, 1);
    expect(Math.abs((mapped?.h ?? 0) - 150)).toBeLessThan(5);
  });

  it("reads any CSS colour back into OKLCH, and refuses what is not one", () => {
    const white = lchOf("#ffffff");
    expect(white?.l).toBeCloseTo(1, 4);
    expect(white?.c).toBeCloseTo(0, 4);
    expect(lchOf("not a colour")).toBeNull();
  });
});

describe("WCAG 2 contrast", () => {
  it("measures 21:1 for black on white and 1:1 for a colour on itself", () => {
    const black = { l: 0, c: 0, h: 0 };
    expect(contrastWith(black, "#ffffff")).toBeCloseTo(21, 6);
    expect(contrastWith(red, "#ff0000")).toBeCloseTo(1, 3);
  });

  it("says which levels a ratio passes, rounding the ratio down when it shows it", () => {
    expect(wcagLevels(4.49)).toEqual({
      aaNormal: false,
      aaaNormal: false,
      aaLarge: true,
      aaaLarge: false,
    });
    expect(wcagLevels(7)).toEqual({
      aaNormal: true,
      aaaNormal: true,
      aaLarge: true,
      aaaLarge: true,
    });
    expect(wcagLevels(2.9).aaLarge).toBe(false);
    expect(ratioText(4.4999)).toBe("4.49:1");
    expect(ratioText(21)).toBe("21.00:1");
  });
});

describe("the site's palette", () => {
  it("reads both themes' background and text from the site's own stylesheet", () => {
    const palette = sitePalette(readFileSync("src/styles/global.css", "utf8"));
    for (const theme of [palette.dark, palette.light]) {
      expect(lchOf(theme.bg)).not.toBeNull();
      expect(lchOf(theme.text)).not.toBeNull();
    }
    // The dark theme is dark and the light one light.
    expect(lchOf(palette.dark.bg)?.l).toBeLessThan(0.3);
    expect(lchOf(palette.light.bg)?.l).toBeGreaterThan(0.9);
  });

  it("says which value it could not find", () => {
    expect(() => sitePalette(':root[data-theme="dark"] { --bg: #000; }')).toThrow(/--text/);
  });
});

describe("a colour in the address", () => {
  it("round-trips, and refuses what is not three numbers", () => {
    const value = { l: 0.705, c: 0.187, h: 47.5 };
    expect(parseLchParam(lchParam(value))).toEqual(value);
    expect(parseLchParam("0.7_0.1")).toBeNull();
    expect(parseLchParam("a_b_c")).toBeNull();
    expect(parseLchParam(null)).toBeNull();
    expect(parseLchParam("2_1_-30")).toEqual({ l: 1, c: 0.4, h: 330 });
  });
});
