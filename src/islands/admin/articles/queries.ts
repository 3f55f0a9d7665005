import { useQuery } from "@tanstack/react-query";
import { api, byId, send } from "../../../shared/api-client.ts";
import type { ArticleListItem, ArticleRecord } from "../../../shared/content.ts";
import type { ArticleReactions } from "../../../shared/following.ts";
import { type BulkRequest, eachBulk } from "../app/content/bulk.ts";
import { useOpenItem, useSaveItem } from "../app/content/editor-save.ts";
import type { PublishAction } from "../app/content/ItemActions.tsx";
import { publishCall } from "../app/content/publishing.ts";
import { dataOf, usePageQuery, useWrite } from "../app/query.ts";
import type { ArticleValues } from "./schema.ts";

// The articles' server state: a query per page of the list and one per article opened in the
// editor, a mutation per write; every write invalidates the feature's key.

/**
 * What the article list is filtered by ("" for any): words, a status, a language, a category, a
 * tag; and its order ("" for newest first).
 */
export interface ArticleFilters extends Record<string, string> {
  q: string;
  status: string;
  lang: string;
  category: string;
  tag: string;
  sort: string;
}

export const articlesKey = ["articles"] as const;

/** One page of articles (database rows and files), filtered. */
export const useArticlePage = (filters: ArticleFilters, page: number) =>
  usePageQuery(articlesKey, filters, page, (query) => send(api.admin.articles.$get({ query })));

/** Each article's likes and boosts from the fediverse, by article id (none: not there). */
export const useReactions = () =>
  useQuery({
    queryKey: [...articlesKey, "reactions"],
    queryFn: () => dataOf(send(api.admin.fediverse.reactions.$get())),
    select: (data) => new Map<string, ArticleReactions>(data.items.map((r) => [r.id, r])),
  });

/** The article the editor opens (`useOpenItem`): the one just `created` as the create answered. */
export const useArticle = (id: string, created: ArticleRecord | undefined) =>
  useOpenItem(articlesKey, api.admin.articles, id, created);

/**
 * Saves a new article with the status of the button pressed, or an edit: its content first
 * (always for Save, else when changed), then Publish now, Schedule or Unpublish.
 */
export const useSaveArticle = () =>
  useSaveItem<ArticleRecord, ArticleValues>(articlesKey, api.admin.articles);

/** The list's Publish (Publish now for a scheduled article) and Unpublish. */
export const usePublishArticle = () =>
  useWrite(articlesKey, ({ id, action }: { id: string; action: PublishAction }) =>
    dataOf(send(publishCall(api.admin.articles[":id"], id, action))),
  );

/** Publishes, unpublishes, deletes or moves to a category each selected article in turn. */
export const useBulkArticles = () =>
  useWrite(articlesKey, (request: BulkRequest<ArticleListItem>) =>
    eachBulk(api.admin.articles[":id"], request),
  );

export const useDeleteArticle = () =>
  useWrite(articlesKey, (id: string) => dataOf(send(api.admin.articles[":id"].$delete(byId(id)))));
