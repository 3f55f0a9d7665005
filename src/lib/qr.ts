import { encode } from "uqr";

/** A horizontal run of dark modules. */
export interface QrRun {
  x: number;
  y: number;
  length: number;
}

/** A QR code as runs of dark modules along each row. */
export interface QrCode {
  /** Width and height in modules, the quiet zone included. */
  size: number;
  runs: QrRun[];
}

/**
 * The QR code of `text` (error correction M, a quiet zone of four modules as scanners want),
 * worked out at build time so a reader's page needs no script for it.
 */
export function qrCode(text: string): QrCode {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  const runs: QrRun[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x += 1;
      runs.push({ x: start, y, length: x - start });
    }
  });
  return { size, runs };
}

/** The `d` of one SVG path, in module units, that fills every run. */
export const qrPathData = ({ runs }: QrCode) =>
  runs.map(({ x, y, length }) => `M${x} ${y}h${length}v1h-${length}z`).join("");
