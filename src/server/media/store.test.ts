import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processImage } from "../../lib/images/process.ts";
import { localStorage, type Storage } from "../storage/storage.ts";
import { dropImage, originalName, readVariant, storeImage, variantName } from "./store.ts";

const ID = "0b7a4a52-8f3e-4c1e-9d2a-7f1f2b3c4d5e";

async function image() {
  const original = await sharp({
    create: { width: 900, height: 600, channels: 3, background: "#2a6" },
  })
    .jpeg()
    .toBuffer();
  return { original, processed: await processImage(original) };
}

const folder = () => mkdtemp(join(tmpdir(), "blog-media-"));

describe("storeImage", () => {
  it("stores every variant and the original, serves the variants only", async () => {
    const dir = await folder();
    const storage = localStorage(dir);
    const { original, processed } = await image();
    await storeImage(storage, ID, processed, original);
    expect((await readdir(dir)).sort()).toEqual(
      [
        originalName(ID, "image/jpeg"),
        ...["avif", "webp"].flatMap((f) => [400, 800, 900].map((w) => `m-${ID}-${w}.${f}`)),
      ].sort(),
    );
    const served = await readVariant(storage, variantName(ID, 800, "avif"));
    expect(served.type).toBe("image/avif");
    expect(served.bytes.length).toBeGreaterThan(100);
    // The original, a path, a name of another shape: not found, never read.
    for (const name of [originalName(ID, "image/jpeg"), `../${ID}`, `m-${ID}-800.jpg`]) {
      await expect(readVariant(storage, name)).rejects.toMatchObject({ status: 404 });
    }
    await dropImage(storage, ID, processed);
    expect(await readdir(dir)).toEqual([]);
  });

  it("leaves nothing behind when a write fails half-way", async () => {
    const dir = await folder();
    const disk = localStorage(dir);
    let writes = 0;
    const failing: Storage = {
      ...disk,
      async put(name, bytes) {
        writes += 1;
        if (writes === 4) throw new Error("disk full");
        await disk.put(name, bytes);
      },
    };
    const { original, processed } = await image();
    await expect(storeImage(failing, ID, processed, original)).rejects.toThrow("disk full");
    expect(await readdir(dir)).toEqual([]);
  });
});
