import type { APIContext } from "astro";

export function GET(context: APIContext) {
  const sitemap = new URL("/sitemap.xml", context.site ?? "http://localhost:4321");
  return new Response(
    `User-agent: *\nAllow: /\nDisallow: /bms/\nDisallow: /api/\n\nSitemap: ${sitemap}\n`,
    {
      headers: { "content-type": "text/plain; charset=utf-8" },
    },
  );
}
