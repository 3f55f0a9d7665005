import type { APIContext } from "astro";
import { liveBooks } from "../lib/books.ts";
import { liveArticles, liveNotes, notePath, translationOf } from "../lib/content.ts";
import { experimentDay, labPath, liveExperiments } from "../lib/labs.ts";
import { liveGallery } from "../lib/photos.ts";
import { galleryPaths } from "../lib/picture.ts";
import { escapeHtml } from "../shared/html.ts";

/** Every public page, with hreflang alternates between an article and its translation. */
export async function GET(context: APIContext) {
  const site = context.site ?? new URL("http://localhost:4321");
  const abs = (path: string) => escapeHtml(new URL(path, site).toString());
  const articles = await liveArticles();
  const books = await liveBooks();
  const gallery = await liveGallery();
  const pages = [
    "/",
    "/articles/",
    "/articles/archive/",
    "/cover-illustration",
    "/site-navigation",
    "/d-chat",
    "/image-library/",
    "/random-notes",
    "/book-doc/",
    "/about/",
    "/follow/",
  ];
  const urls: string[] = pages.map((p) => `<url><loc>${abs(p)}</loc></url>`);
  for (const article of articles) {
    const other = translationOf(article, articles);
    const links = other
      ? [article, other]
          .map(
            (a) =>
              `<xhtml:link rel="alternate" hreflang="${a.data.lang}" href="${abs(`/articles/${a.id}/`)}"/>`,
          )
          .join("")
      : "";
    const lastmod = (article.data.updatedAt ?? article.data.publishedAt).toISOString().slice(0, 10);
    urls.push(
      `<url><loc>${abs(`/articles/${article.id}/`)}</loc><lastmod>${lastmod}</lastmod>${links}</url>`,
    );
  }
  for (const note of await liveNotes()) urls.push(`<url><loc>${abs(notePath(note))}</loc></url>`);
  for (const entry of books) {
    urls.push(`<url><loc>${abs(`/book-doc/${entry.slug}/`)}</loc></url>`);
    for (const node of entry.order)
      urls.push(`<url><loc>${abs(`/book-doc/${entry.slug}/${node.slug}/`)}</loc></url>`);
  }
  for (const album of gallery.albums)
    urls.push(`<url><loc>${abs(galleryPaths.album(album.slug))}</loc></url>`);
  for (const { key } of gallery.tags)
    urls.push(`<url><loc>${abs(galleryPaths.tag(key))}</loc></url>`);
  for (const { key } of gallery.years)
    urls.push(`<url><loc>${abs(galleryPaths.year(key))}</loc></url>`);
  for (const photo of gallery.photos) {
    const lastmod = photo.publishedAt.toISOString().slice(0, 10);
    urls.push(
      `<url><loc>${abs(galleryPaths.photo(photo.slug))}</loc><lastmod>${lastmod}</lastmod></url>`,
    );
  }
  // The labs: an index once it has an experiment, and each experiment's page.
  const experiments = await liveExperiments();
  for (const lab of new Set(experiments.map((e) => e.lab)))
    urls.push(`<url><loc>${abs(labPath(lab))}</loc></url>`);
  for (const e of experiments)
    urls.push(`<url><loc>${abs(e.path)}</loc><lastmod>${experimentDay(e)}</lastmod></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
