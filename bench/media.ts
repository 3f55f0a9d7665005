import { fork } from "node:child_process";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { processImage } from "../src/lib/images/process.ts";

// `node bench/media.ts`: the upload pipeline on a 24-megapixel photo (6000×4000 JPEG, textured
// like a photograph), each run in a fresh process so its peak memory is its own. Prints the
// median time and the largest peak resident memory, and checks them against bench/budgets.json.

const budgets: { media: { runs: number; maxMedianMs: number; maxPeakRssMb: number } } = JSON.parse(
  await readFile(new URL("./budgets.json", import.meta.url), "utf8"),
);

/** A photo-like 24-megapixel JPEG: a gradient sky over soft texture, as a camera saves it. */
async function photo(): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  const texture = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .blur(1.5)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const sky = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8fd0"/><stop offset="1" stop-color="#e6c089"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp(sky)
    .composite([{ input: texture, blend: "soft-light" }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "Bench", Model: "24MP" } })
    .toBuffer();
}

if (process.argv[2] === "--child") {
  const bytes = await readFile(process.argv[3] ?? "");
  const started = performance.now();
  const image = await processImage(bytes);
  const ms = performance.now() - started;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  process.send?.({ ms, peakRssMb, variants: image.variants.length });
  process.exit(0);
}

const { writeFile, mkdtemp, rm } = await import("node:fs/promises");
const { tmpdir } = await import("node:os");
const { join } = await import("node:path");
const dir = await mkdtemp(join(tmpdir(), "bench-media-"));
const file = join(dir, "photo.jpg");
const input = await photo();
await writeFile(file, input);
console.log(`media: a 6000×4000 JPEG of ${(input.length / 1e6).toFixed(1)} MB`);

type Run = { ms: number; peakRssMb: number; variants: number };
const runs: Run[] = [];
for (let i = 0; i < budgets.media.runs; i++) {
  const run = await new Promise<Run>((resolve, reject) => {
    const child = fork(new URL(import.meta.url), ["--child", file]);
    child.on("message", (message: Run) => resolve(message));
    child.on("exit", (code) => code !== 0 && reject(new Error(`run exited ${code}`)));
  });
  runs.push(run);
  console.log(
    `  run ${i + 1}: ${Math.round(run.ms)} ms, peak ${Math.round(run.peakRssMb)} MB, ${run.variants} variants`,
  );
}
await rm(dir, { recursive: true, force: true });
const times = runs.map((r) => r.ms).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
const peak = Math.max(...runs.map((r) => r.peakRssMb));
const ok = median <= budgets.media.maxMedianMs && peak <= budgets.media.maxPeakRssMb;
console.log(
  `media: median ${Math.round(median)} ms (budget ${budgets.media.maxMedianMs}), peak ${Math.round(peak)} MB (budget ${budgets.media.maxPeakRssMb}) ${ok ? "ok" : "OVER BUDGET"}`,
);
process.exitCode = ok ? 0 : 1;
