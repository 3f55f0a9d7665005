import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { qrCode, qrPathData } from "./qr";

describe("qrCode", () => {
  it("covers exactly the dark modules, with a quiet zone of four", () => {
    const url = "https://example.com/articles/slow-network-budget/";
    const { size, runs } = qrCode(url);
    const { data } = encode(url, { ecc: "M", border: 4 });
    const dark = new Set<string>();
    for (const { x, y, length } of runs) {
      for (let i = 0; i < length; i += 1) {
        expect(dark.has(`${x + i},${y}`)).toBe(false); // no two runs overlap
        dark.add(`${x + i},${y}`);
      }
    }
    const drawn = Array.from({ length: size }, (_, y) =>
      Array.from({ length: size }, (_, x) => dark.has(`${x},${y}`)),
    );
    expect(drawn).toEqual(data);
    expect(data.slice(0, 4).flat().some(Boolean)).toBe(false);
    // The top-left finder pattern's first row: seven dark modules after the quiet zone.
    expect(runs[0]).toEqual({ x: 4, y: 4, length: 7 });
  });

  it("draws each run as one closed rectangle of the path", () => {
    const code = { size: 9, runs: [{ x: 4, y: 4, length: 2 }] };
    expect(qrPathData(code)).toBe("M4 4h2v1h-2z");
  });

  it("encodes a long address with a Chinese slug and a query", () => {
    const url = `https://example.com/articles/${encodeURIComponent("秋天的第一场雨")}/?a=1&b=2`;
    expect(qrCode(url).size).toBeGreaterThan(37);
  });
});
