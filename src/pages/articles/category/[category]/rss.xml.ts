import type { APIContext } from "astro";
import { categoriesTree } from "../../../../lib/content.ts";
import { categoryFeed } from "../../../../lib/feed-lists.ts";
import { rssResponse } from "../../../../lib/feeds.ts";

/** /articles/category/<id>/rss.xml: the category's articles (and those under it) as RSS. */
export async function getStaticPaths() {
  return (await categoriesTree()).ordered.map((category) => ({
    params: { category: category.id },
  }));
}

export async function GET(context: APIContext) {
  const { category } = context.params;
  if (!category || !context.site) return new Response("Not found", { status: 404 });
  return rssResponse(await categoryFeed(category, context.site));
}
