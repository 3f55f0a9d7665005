import { getCollection } from "astro:content";
import { formatRedirectsFile, REDIRECTS_FILE } from "../lib/redirects-file.ts";

// `_redirects`: the old addresses of imported articles, each leading to its page with a 301
// (Netlify applies the file; `npm start` reads it: src/server/site/static-site.ts). Astro leaves
// out page files whose names start with `_`, so the name is this route's only path.

export function getStaticPaths() {
  return [{ params: { redirects: REDIRECTS_FILE } }];
}

export async function GET() {
  const redirects = (await getCollection("redirects")).map((entry) => entry.data);
  return new Response(formatRedirectsFile(redirects), {
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
