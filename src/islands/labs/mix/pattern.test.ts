import { describe, expect, it } from "vitest";
import { coverArt, paletteOf } from "../../../lib/covers/art.ts";
import {
  cleanSeed,
  drawPattern,
  newSeed,
  PATTERN_HEIGHT,
  PATTERN_WIDTH,
  type PatternContext,
  patternOf,
  patternSvg,
  SEED_MAX,
} from "./pattern.ts";

/** A 2D context that writes down what it is asked to draw. */
function recorder() {
  const calls: string[] = [];
  const ctx: PatternContext<string> = {
    fillStyle: "",
    globalAlpha: 1,
    save: () => calls.push("save"),
    restore: () => calls.push("restore"),
    translate: (x, y) => calls.push(`translate ${x} ${y}`),
    scale: (x, y) => calls.push(`scale ${x} ${y}`),
    fillRect: (x, y, w, h) => calls.push(`rect ${x} ${y} ${w} ${h} ${ctx.fillStyle}`),
    beginPath: () => {},
    arc: (x, y, r) => calls.push(`arc ${x} ${y} ${r}`),
    fill: (path) => calls.push(`fill ${ctx.fillStyle} ${ctx.globalAlpha} ${path ?? ""}`),
  };
  return { ctx, calls };
}

describe("the generative pattern", () => {
  it("is the cover generator's picture: at 1 × 1, the cover of an English article slugged as the seed", () => {
    const sheet = patternOf({ seed: "static-first", palette: "seed", density: 1 });
    expect(sheet.tiles).toHaveLength(1);
    expect(sheet.tiles[0]?.art).toEqual(
      coverArt({ key: "static-first", title: "anything", lang: "en-US" }),
    );
    // "Picked by the seed": the inks a cover without a category gets.
    const cover = paletteOf({ key: "static-first", title: "", lang: "en-US" });
    expect({ light: sheet.light, dark: sheet.dark }).toEqual(cover);
    expect(sheet.tiles[0]).toMatchObject({ x: 0, y: 0, scaleX: 1, scaleY: 1 });
  });

  it("is the same for the same settings, another for another seed", () => {
    const a = patternOf({ seed: "misty-pine-42", palette: "teal", density: 3 });
    expect(patternOf({ seed: "misty-pine-42", palette: "teal", density: 3 })).toEqual(a);
    const b = patternOf({ seed: "misty-pine-43", palette: "teal", density: 3 });
    expect(b.tiles[0]?.art.ridges).not.toEqual(a.tiles[0]?.art.ridges);
    expect(patternSvg(a, a.dark)).toBe(patternSvg(a, a.dark));
  });

  it("lays density² landscapes on the sheet, none past its edges", () => {
    for (const density of [1, 2, 3, 4] as const) {
      const { tiles } = patternOf({ seed: "s", palette: "seed", density });
      expect(tiles).toHaveLength(density * density);
      for (const t of tiles) {
        expect(t.x + t.scaleX * PATTERN_WIDTH).toBeLessThanOrEqual(PATTERN_WIDTH + 1e-9);
        expect(t.y + t.scaleY * PATTERN_HEIGHT).toBeLessThanOrEqual(PATTERN_HEIGHT + 1e-9);
      }
      // Each landscape its own: the first is the seed's, the others differ from it.
      const ridges = new Set(tiles.map((t) => t.art.ridges[0]?.d));
      expect(ridges.size).toBe(tiles.length);
    }
  });

  it("takes the chosen ink, keeping the seed's seal", () => {
    const seed = patternOf({ seed: "s", palette: "seed", density: 1 });
    const plum = patternOf({ seed: "s", palette: "plum", density: 1 });
    expect(plum.ink).toBe(2);
    expect(plum.seal).toBe(seed.seal);
    expect(plum.light.seal).toBe(seed.light.seal);
    expect(patternOf({ seed: "s", palette: "indigo", density: 1 }).light.ink).not.toBe(
      plum.light.ink,
    );
  });

  it("draws paper, then each landscape's drops, seal and ridges in its colours", () => {
    const sheet = patternOf({ seed: "s", palette: "pine", density: 2 });
    const { ctx, calls } = recorder();
    drawPattern(ctx, sheet, sheet.light, (d) => d.slice(0, 12));
    expect(calls[0]).toBe(`rect 0 0 ${PATTERN_WIDTH} ${PATTERN_HEIGHT} ${sheet.light.paper}`);
    expect(calls.filter((c) => c === "save")).toHaveLength(4);
    const ridgeFills = calls.filter(
      (c) => c.startsWith(`fill ${sheet.light.ink}`) && c.includes("M0"),
    );
    expect(ridgeFills).toHaveLength(4 * 3);
    expect(calls.filter((c) => c.startsWith(`fill ${sheet.light.seal}`))).toHaveLength(4);
    expect(ctx.globalAlpha).toBe(1);
  });

  it("draws nothing of a landscape not yet shown", () => {
    const sheet = patternOf({ seed: "s", palette: "pine", density: 2 });
    const { ctx, calls } = recorder();
    drawPattern(
      ctx,
      sheet,
      sheet.dark,
      (d) => d,
      (i) => (i === 0 ? 0.5 : 0),
    );
    expect(calls.filter((c) => c === "save")).toHaveLength(1);
    // Half shown: the nearest ridge at half its opacity.
    expect(calls).toContain(
      `fill ${sheet.dark.ink} ${0.85 * 0.5} ${sheet.tiles[0]?.art.ridges[2]?.d}`,
    );
  });

  it("makes seeds that read as words, and keeps a typed one short and never empty", () => {
    let n = 0;
    const steps = [0.1, 0.5, 0.99];
    expect(newSeed(() => steps[n++ % 3] ?? 0)).toMatch(/^[a-z]+-[a-z]+-\d\d$/);
    expect(cleanSeed("   ", "mixlab")).toBe("mixlab");
    expect(cleanSeed(` ${"山".repeat(80)} `, "x")).toBe("山".repeat(SEED_MAX));
  });
});
