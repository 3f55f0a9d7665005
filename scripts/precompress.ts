// Runs after `astro build` and the search indexes: `.br` and `.gz` beside every text file of the
// build, which `npm start` serves as they are (src/lib/precompress.ts). Skipped on Netlify, whose
// CDN compresses what it serves.
import { precompress } from "../src/lib/precompress.ts";

const DIST = process.env.DIST_DIR || "dist";
/** Pairs kept by their source's hash between builds (one build's worth). */
const CACHE = "node_modules/.cache/precompress";

if (process.env.NETLIFY === "true") {
  console.log("precompress: skipped on Netlify (its CDN compresses what it serves)");
} else {
  const r = await precompress(DIST, CACHE);
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `precompressed ${r.files} files (${r.cached} from the cache): ${kb(r.bytes)} to ${kb(r.brotliBytes)} as brotli, in ${Math.round(r.ms)} ms`,
  );
}
