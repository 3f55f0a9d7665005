import { readFile } from "node:fs/promises";
import type { APIContext } from "astro";
import { liveBanners } from "../../lib/banners.ts";
import type { PhotoFile } from "../../lib/photo-files.ts";
import { liveGallery } from "../../lib/photos.ts";

// The served variants of the photos written in content/photos/ and of the banners written in
// content/banners.json: each a static file of the
// build, /photo-files/<hash12>-<width>.<format>, made by the upload pipeline at build time
// (src/lib/photo-files.ts) and read here from its cache. `_headers` serves them immutable
// (their names change with their bytes).

export async function getStaticPaths() {
  const files = [...(await liveGallery()).files, ...(await liveBanners()).files];
  // A banner may show a photo's own image: the same bytes, the same names.
  const byName = new Map(files.map((file) => [file.name, file]));
  // A file's name is its image's hash, width and format.
  return [...byName.values()].map((file) => ({
    params: { name: file.name },
    props: { file },
    cacheKey: file.name,
  }));
}

const TYPES: Record<string, string> = { avif: "image/avif", webp: "image/webp" };

export async function GET({ props }: APIContext<{ file: PhotoFile }>) {
  const { file } = props;
  const bytes = await readFile(file.path);
  const type = TYPES[file.name.slice(file.name.lastIndexOf(".") + 1)] ?? "application/octet-stream";
  return new Response(new Uint8Array(bytes), { headers: { "content-type": type } });
}
