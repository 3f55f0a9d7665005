import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { tempFolders } from "../../tests/support/test-folders.ts";
import { brotliQuality, MIN_BYTES, precompress } from "./precompress.ts";

const folder = tempFolders("blog-precompress-");

/** Text that compresses, `size` bytes long. */
const text = (size: number, seed = "page") =>
  Array.from({ length: size }, (_, i) => `${seed}${i % 97} `)
    .join("")
    .slice(0, size);

describe("precompress", () => {
  it("writes brotli and gzip beside each text file that is worth it, equal to it once decoded", async () => {
    const html = text(40_000);
    const dir = folder({
      "index.html": html,
      "_astro/app.abc.js": text(5000, "js"),
      "about/index.html": text(3000, "about"),
      "tiny.css": "a{}",
      "photo-files/a-400.webp": text(5000, "RIFF"),
    });
    const result = await precompress(dir);
    expect(result.files).toBe(3);
    expect(result.cached).toBe(0);
    expect(brotliDecompressSync(readFileSync(join(dir, "index.html.br"))).toString()).toBe(html);
    expect(gunzipSync(readFileSync(join(dir, "index.html.gz"))).toString()).toBe(html);
    expect(result.brotliBytes).toBeLessThan(result.bytes / 4);
    // Below MIN_BYTES, or no text: left alone.
    expect(existsSync(join(dir, "tiny.css.br"))).toBe(false);
    expect(existsSync(join(dir, "photo-files/a-400.webp.br"))).toBe(false);
    expect(MIN_BYTES).toBe(1024);
    // The smallest form for what never changes; pages, which change with each publish, quickly.
    expect(brotliQuality(join(dir, "_astro/app.abc.js"))).toBe(11);
    expect(brotliQuality(join(dir, "about/index.html"))).toBe(6);
  });

  it("copies what an earlier build compressed, compresses what changed, and keeps one build's worth", async () => {
    const cache = folder();
    const first = folder({ "a.html": text(4000, "a"), "b.html": text(4000, "b") });
    expect((await precompress(first, cache)).cached).toBe(0);
    expect(readdirSync(cache)).toHaveLength(4);

    const second = folder({ "a.html": text(4000, "a"), "b.html": text(4000, "changed") });
    const again = await precompress(second, cache);
    expect(again).toMatchObject({ files: 2, cached: 1 });
    expect(brotliDecompressSync(readFileSync(join(second, "b.html.br"))).toString()).toBe(
      text(4000, "changed"),
    );
    // The first build's "b" is no longer kept.
    expect(readdirSync(cache)).toHaveLength(4);

    // A pair half gone from the cache is made again, not copied half.
    for (const name of readdirSync(cache).filter((n) => n.endsWith(".gz"))) {
      rmSync(join(cache, name));
    }
    const third = folder({ "a.html": text(4000, "a") });
    expect((await precompress(third, cache)).cached).toBe(0);
    expect(gunzipSync(readFileSync(join(third, "a.html.gz"))).toString()).toBe(text(4000, "a"));
  });
});
