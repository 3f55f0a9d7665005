import { fork } from "node:child_process";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { processImage } from "../src/lib/images/process.ts";

// `node bench/media.ts`: the upload pipeline on a 24-megapixel photo (6000×4000 JPEG, textured
// like a photograph), each run in a fresh process so its peak memory is its own. Prints the
// median time and the largest peak resident memory, and checks them against bench/budgets.json.
// Then a server's share: `serverUploads` uploads, two at a time, in one process that stays up,
// under the environment `npm start` sets (package.json) and under glibc's default, with the
// resident memory it keeps afterwards.

const budgets: {
  media: {
    runs: number;
    maxMedianMs: number;
    maxPeakRssMb: number;
    serverUploads: number;
    maxServerRssMb: number;
  };
} = JSON.parse(await readFile(new URL("./budgets.json", import.meta.url), "utf8"));

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

/** Uploads two at a time in this one process; what it keeps resident once they are done. */
if (process.argv[2] === "--server") {
  const bytes = await readFile(process.argv[3] ?? "");
  const count = Number(process.argv[4]);
  const started = performance.now();
  for (let done = 0; done < count; done += 2) {
    await Promise.all([processImage(bytes), processImage(bytes)]);
  }
  const ms = (performance.now() - started) / count;
  // A moment idle, as a server has between uploads, for memory that is going to be given back.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  process.send?.({
    ms,
    rssMb: process.memoryUsage().rss / 1048576,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  });
  process.exit(0);
}

/** The `NAME=value` words in front of `npm start`'s command (package.json): its environment. */
async function startEnvironment(): Promise<Record<string, string>> {
  const manifest: { scripts: { start: string } } = JSON.parse(
    await readFile(new URL("../package.json", import.meta.url), "utf8"),
  );
  const env: Record<string, string> = {};
  for (const word of manifest.scripts.start.split(" ")) {
    const assignment = /^([A-Z_][A-Z0-9_]*)=(\S*)$/.exec(word);
    if (!assignment) break;
    env[assignment[1] ?? ""] = assignment[2] ?? "";
  }
  return env;
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
type ServerRun = { ms: number; rssMb: number; peakRssMb: number };
function serverRun(env: NodeJS.ProcessEnv): Promise<ServerRun> {
  return new Promise<ServerRun>((resolve, reject) => {
    const child = fork(
      new URL(import.meta.url),
      ["--server", file, String(budgets.media.serverUploads)],
      { env },
    );
    child.on("message", (message: ServerRun) => resolve(message));
    child.on("exit", (code) => code !== 0 && reject(new Error(`server run exited ${code}`)));
  });
}
const startEnv = await startEnvironment();
const { MALLOC_ARENA_MAX: _, ...glibcDefault } = process.env;
const server = await serverRun({ ...process.env, ...startEnv });
const unset = await serverRun(glibcDefault);
const summary = (r: ServerRun) =>
  `${Math.round(r.ms)} ms an upload, ${Math.round(r.rssMb)} MB resident after, peak ${Math.round(r.peakRssMb)} MB`;
console.log(
  `  ${budgets.media.serverUploads} uploads two at a time in one process, as npm start (${Object.entries(
    startEnv,
  )
    .map(([k, v]) => `${k}=${v}`)
    .join(" ")}): ${summary(server)}`,
);
console.log(`  the same with glibc's default malloc arenas: ${summary(unset)}`);
await rm(dir, { recursive: true, force: true });
const times = runs.map((r) => r.ms).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
const peak = Math.max(...runs.map((r) => r.peakRssMb));
const ok =
  median <= budgets.media.maxMedianMs &&
  peak <= budgets.media.maxPeakRssMb &&
  server.rssMb <= budgets.media.maxServerRssMb;
console.log(
  `media: median ${Math.round(median)} ms (budget ${budgets.media.maxMedianMs}), peak ${Math.round(peak)} MB (budget ${budgets.media.maxPeakRssMb}), a server's resident memory after ${budgets.media.serverUploads} uploads ${Math.round(server.rssMb)} MB (budget ${budgets.media.maxServerRssMb}) ${ok ? "ok" : "OVER BUDGET"}`,
);
process.exitCode = ok ? 0 : 1;
