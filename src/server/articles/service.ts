import type {
  CreateArticleInput,
  ListArticlesQuery,
  UpdateArticleInput,
} from "../../shared/content.ts";
import { categoryExists } from "../categories/service.ts";
import { articleListItem, articleRecord, withExcerpt } from "../content/records.ts";
import { itemService } from "../content/service/items.ts";
import { type ContentContext, ITEM_ORDERS, invalid, matches } from "../content/service/shared.ts";
import * as repo from "./repository.ts";

async function assertCategoryExists(ctx: ContentContext, slug: string) {
  if ((await ctx.files.categories()).some((category) => category.slug === slug)) return;
  if (await categoryExists(ctx, slug)) return;
  throw invalid("category", `no category ${slug}`);
}

/** Articles: filed under a category that must exist, listed by category, tag and text. */
export const articles = itemService<CreateArticleInput, UpdateArticleInput, ListArticlesQuery>()({
  name: "article",
  rows: repo.articles,
  files: (files) => files.articles(),
  record: articleRecord,
  async check(ctx, input, current) {
    if (input.category !== undefined && input.category !== current?.category) {
      await assertCategoryExists(ctx, input.category);
    }
  },
  list: {
    fromRow: articleListItem,
    fromFile: withExcerpt,
    keep: (query, item) =>
      (!query.category || item.category === query.category) &&
      (!query.tag || item.tags.includes(query.tag)) &&
      matches(query.q, item.slug, item.title, item.summary, item.body),
    order: (query) => ITEM_ORDERS[query.sort],
    facet: (item) => ({ group: item.category, tags: item.tags }),
  },
});
