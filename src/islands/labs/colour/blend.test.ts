import { describe, expect, it } from "vitest";
import {
  type Blend,
  blendCss,
  blendParams,
  DEFAULT_BLEND,
  filterCss,
  filterValue,
  layerBackground,
  parseBlendParams,
} from "./blend.ts";

describe("the filter", () => {
  it("is none while nothing changes, and lists only the functions that do", () => {
    expect(filterCss(DEFAULT_BLEND.filters)).toBe("none");
    expect(
      filterCss({ ...DEFAULT_BLEND.filters, blur: 2.5, saturate: 150, "hue-rotate": 90 }),
    ).toBe("blur(2.5px) hue-rotate(90deg) saturate(150%)");
  });

  it("keeps a value within its range and on its step", () => {
    expect(filterValue("blur", 99)).toBe(10);
    expect(filterValue("contrast", -5)).toBe(0);
    expect(filterValue("sepia", 42)).toBe(40);
    expect(filterValue("saturate", Number.NaN)).toBe(100);
  });
});

describe("the layer and the CSS to copy", () => {
  it("is a flat colour or a corner-to-corner gradient", () => {
    expect(layerBackground({ layer: "colour", from: "#112233", to: "#445566" })).toBe("#112233");
    expect(layerBackground({ layer: "gradient", from: "#112233", to: "#445566" })).toBe(
      "linear-gradient(135deg, #112233, #445566)",
    );
  });

  it("isolates the frame, filters the photo and blends the layer", () => {
    const css = blendCss({ ...DEFAULT_BLEND, mode: "screen", opacity: 45 });
    expect(css).toContain("isolation: isolate;");
    expect(css).toContain("filter: none;");
    expect(css).toContain("mix-blend-mode: screen;");
    expect(css).toContain("opacity: 0.45;");
    expect(css).toContain("background: linear-gradient(135deg, #ff7a45, #2f54eb);");
  });
});

describe("the settings in the address", () => {
  it("writes nothing for the default, and round-trips any other", () => {
    expect(blendParams(DEFAULT_BLEND).toString()).toBe("");
    const other: Blend = {
      mode: "luminosity",
      filters: { ...DEFAULT_BLEND.filters, grayscale: 60, blur: 1.5 },
      layer: "colour",
      from: "#00aa88",
      to: DEFAULT_BLEND.to,
      opacity: 30,
    };
    const text = blendParams(other).toString();
    expect(text).toBe("mode=luminosity&layer=colour&from=00aa88&opacity=30&blur=1.5&grayscale=60");
    expect(parseBlendParams(new URLSearchParams(text))).toEqual(other);
  });

  it("falls back on the default for what is missing or wrong", () => {
    const parsed = parseBlendParams(
      new URLSearchParams("mode=plus-darker&from=red&opacity=abc&blur=&contrast=900"),
    );
    expect(parsed.mode).toBe("multiply");
    expect(parsed.from).toBe("#ff7a45");
    expect(parsed.opacity).toBe(80);
    expect(parsed.filters.blur).toBe(0);
    expect(parsed.filters.contrast).toBe(200);
  });
});
