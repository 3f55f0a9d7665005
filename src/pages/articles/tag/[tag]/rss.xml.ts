import type { APIContext } from "astro";
import { type Article, articlesByTag, liveArticles } from "../../../../lib/content.ts";
import { tagFeed } from "../../../../lib/feed-lists.ts";
import { rssResponse } from "../../../../lib/feeds.ts";

/** /articles/tag/<tag>/rss.xml: the tag's articles as RSS. */
export async function getStaticPaths() {
  return [...articlesByTag(await liveArticles())].map(([tag, articles]) => ({
    params: { tag },
    props: { articles },
  }));
}

export async function GET(context: APIContext<{ articles: Article[] }>) {
  const { tag } = context.params;
  const { articles } = context.props;
  if (!tag || !context.site) return new Response("Not found", { status: 404 });
  return rssResponse(await tagFeed(tag, articles, context.site));
}
