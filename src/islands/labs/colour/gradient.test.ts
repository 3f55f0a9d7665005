import { describe, expect, it } from "vitest";
import {
  DEFAULT_GRADIENT,
  type Gradient,
  gradientCss,
  gradientImage,
  gradientParams,
  interpolationOf,
  parseGradientParams,
  withStopAdded,
  withStopRemoved,
} from "./gradient.ts";

const g = (over: Partial<Gradient>): Gradient => ({ ...DEFAULT_GRADIENT, ...over });

describe("a gradient's CSS", () => {
  it("writes each kind with its direction or shape and the interpolation space", () => {
    expect(gradientImage(g({}))).toBe("linear-gradient(90deg in oklch, #0d6dfd 0%, #fdd835 100%)");
    expect(gradientImage(g({ kind: "radial" }))).toBe(
      "radial-gradient(circle in oklch, #0d6dfd 0%, #fdd835 100%)",
    );
    expect(gradientImage(g({ kind: "conic", angle: 45 }))).toBe(
      "conic-gradient(from 45deg in oklch, #0d6dfd 0%, #fdd835 100%)",
    );
  });

  it("goes round the long way only in a space with a hue", () => {
    expect(interpolationOf({ space: "oklch", hue: "longer" })).toBe("in oklch longer hue");
    expect(interpolationOf({ space: "hsl", hue: "longer" })).toBe("in hsl longer hue");
    expect(interpolationOf({ space: "oklab", hue: "longer" })).toBe("in oklab");
  });

  it("puts the stops in order of position", () => {
    const stops = [
      { color: "#ffffff", at: 80 },
      { color: "#000000", at: 10 },
    ];
    expect(gradientImage(g({ stops }))).toBe(
      "linear-gradient(90deg in oklch, #000000 10%, #ffffff 80%)",
    );
  });

  it("gives older browsers a line they read first, unless sRGB needs none", () => {
    expect(gradientCss(g({})).split("\n")).toEqual([
      "background-image: linear-gradient(90deg, #0d6dfd 0%, #fdd835 100%);",
      "background-image: linear-gradient(90deg in oklch, #0d6dfd 0%, #fdd835 100%);",
    ]);
    expect(gradientCss(g({ space: "srgb" }))).toBe(
      "background-image: linear-gradient(90deg in srgb, #0d6dfd 0%, #fdd835 100%);",
    );
  });
});

describe("a gradient in the address", () => {
  it("writes nothing for the default, and round-trips any other", () => {
    expect(gradientParams(DEFAULT_GRADIENT).toString()).toBe("");
    const other: Gradient = {
      kind: "conic",
      angle: 200,
      space: "hsl",
      hue: "longer",
      stops: [
        { color: "#112233", at: 0 },
        { color: "#abcdef", at: 40 },
        { color: "#ff0000", at: 100 },
      ],
    };
    const params = gradientParams(other);
    expect(params.get("stops")).toBe("112233-0_abcdef-40_ff0000-100");
    expect(parseGradientParams(new URLSearchParams(params.toString()))).toEqual(other);
  });

  it("falls back on the default for what is missing or wrong", () => {
    const parsed = parseGradientParams(
      new URLSearchParams("kind=spiral&angle=999&space=cmyk&stops=zzz-10_123456-50"),
    );
    expect(parsed.kind).toBe("linear");
    expect(parsed.angle).toBe(360);
    expect(parsed.space).toBe("oklch");
    // One good stop is not a gradient: the default's stops.
    expect(parsed.stops).toEqual(DEFAULT_GRADIENT.stops);
  });
});

describe("adding and removing stops", () => {
  it("adds into the widest gap, at most five, and keeps at least two", () => {
    const two = DEFAULT_GRADIENT.stops;
    const three = withStopAdded(two);
    expect(three).toHaveLength(3);
    expect(three[2]).toEqual({ color: "#0d6dfd", at: 50 });
    let many = three;
    for (let i = 0; i < 5; i++) many = withStopAdded(many);
    expect(many).toHaveLength(5);
    expect(withStopRemoved(three, 0)).toEqual([three[1], three[2]]);
    expect(withStopRemoved(two, 0)).toEqual(two);
  });
});
