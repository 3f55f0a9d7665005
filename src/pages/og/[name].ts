import type { APIContext } from "astro";
import { liveBooks } from "../../lib/books.ts";
import { liveArticles, liveNotes } from "../../lib/content.ts";
import { drawAll, type OgImage, ogPng } from "../../lib/covers/og.ts";
import { articleSubject, bookSubject, noteSubject, ogImageFor } from "../../lib/covers/subjects.ts";

// The Open Graph images of every article, book and note: /og/<hash16>.png, 1200×630, drawn at build
// time from the cover's SVG (src/lib/covers/og.ts). The pages name them in `og:image`.

export async function getStaticPaths() {
  const subjects = [
    ...(await liveArticles()).map(articleSubject),
    ...(await liveBooks()).map(bookSubject),
    ...(await liveNotes()).map(noteSubject),
  ];
  const byName = new Map(subjects.map((subject) => [ogImageFor(subject).name, subject]));
  const images = [...byName.values()].map(ogImageFor);
  await drawAll(images);
  return images.map((image) => ({ params: { name: image.name }, props: { image } }));
}

export async function GET({ props }: APIContext<{ image: OgImage }>) {
  const png = await ogPng(props.image);
  return new Response(new Uint8Array(png), { headers: { "content-type": "image/png" } });
}
