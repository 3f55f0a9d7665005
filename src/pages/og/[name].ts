import type { APIContext } from "astro";
import { drawAll, type OgImage, ogPng } from "../../lib/covers/og.ts";
import { siteOgImages } from "../../lib/covers/site-images.ts";

// The Open Graph images of every article, book and note: /og/<hash16>.png, 1200×630, drawn at
// build time from the cover's SVG (src/lib/covers/og.ts). The pages name them in `og:image`.

export async function getStaticPaths() {
  const images = await siteOgImages();
  await drawAll(images);
  // An image's name is the hash of what it draws.
  return images.map((image) => ({
    params: { name: image.name },
    props: { image },
    cacheKey: image.name,
  }));
}

export async function GET({ props }: APIContext<{ image: OgImage }>) {
  const png = await ogPng(props.image);
  return new Response(new Uint8Array(png), { headers: { "content-type": "image/png" } });
}
