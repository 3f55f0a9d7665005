import { useStore } from "@nanostores/react";
import { useId } from "react";
import { api, send } from "../../../shared/api-client.ts";
import type { ArticleListItem } from "../../../shared/content.ts";
import { $locale } from "../../../stores/locale.ts";
import { useCategories } from "../app/categories.ts";
import { ContentBulk } from "../app/content/ContentBulk.tsx";
import { ContentListSection } from "../app/content/ContentList.tsx";
import { counted, tagChoices, useItemCounts } from "../app/content/counts.ts";
import { useContentFilters } from "../app/content/filters.tsx";
import { useListState } from "../app/ListSection.tsx";
import { FilterSelect, useFilters } from "../app/list-parts.tsx";
import { ScreenLink } from "../app/ScreenLink.tsx";
import { useItemSelection } from "../app/selection.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { ArticleItem } from "./ArticleItem.tsx";
import { categoryChoices, categoryName } from "./fields.tsx";
import { articlesKey, useArticlePage, useBulkArticles, useReactions } from "./queries.ts";
import "../app/content/content.css";
import "../app/content/articles.css";

/**
 * `/bms/article`: every article (database rows and files), searched, filtered by status,
 * language, category and tag (each choice with its count), sorted and paged, the view kept in
 * the address; each article with its tools, and bulk tools for the selected ones.
 */
export function ArticleList({ t, navigate }: ScreenProps) {
  const id = useId();
  const locale = useStore($locale);
  const state = useListState(true);
  const filters = useContentFilters(state.setPage);
  const more = useFilters({ category: "", tag: "" }, state.setPage, true);
  const list = useArticlePage({ ...filters.query, ...more.filters }, state.page);
  const counts = useItemCounts(articlesKey, () => send(api.admin.articles.counts.$get())).data;
  const categories = categoryChoices(useCategories().data?.items, locale);
  const selection = useItemSelection<ArticleListItem>();
  const reactions = useReactions().data;
  const bulk = useBulkArticles();
  const open = (articleId: string) =>
    navigate("editarticle", `id=${encodeURIComponent(articleId)}`);
  return (
    <div className="bms-content bms-articles">
      <div className="bms-article-list">
        <ContentListSection
          t={t}
          ns="bmsArticles"
          id={id}
          query={list}
          state={state}
          filters={filters}
          sorts={["updated", "title"]}
          counts={counts}
          retry
          actions={
            <ScreenLink
              navigate={navigate}
              route="editarticle"
              className="button button-primary bms-new"
            >
              {t("bmsArticles.newArticle")}
            </ScreenLink>
          }
          tools={(page) => (
            <ContentBulk
              t={t}
              words="bmsArticles.bulk"
              items={page.items}
              selection={selection}
              name={(article) => article.title}
              move={{
                label: t("bmsArticles.bulk.move"),
                choose: t("bmsArticles.bulk.choose"),
                button: t("bmsArticles.bulk.moveTo"),
                choices: categories,
                field: "category",
                value: (category) => category,
                done: "bmsArticles.bulk.moved",
                refused: "bmsArticles.bulk.notMoved",
              }}
              run={bulk.mutateAsync}
              busy={bulk.isPending}
              report={state.report}
              onAllDeleted={state.deleted}
            />
          )}
          item={(item) => (
            <ArticleItem
              key={item.id}
              t={t}
              item={item}
              categoryName={categoryName(categories, item.category)}
              reactions={reactions?.get(item.id)}
              open={() => open(item.id)}
              onDone={state.report}
              onDeleted={() => state.deleted(t("bmsArticles.deleted", { title: item.title }))}
              fallback={state.heading}
              selection={selection}
            />
          )}
        >
          <FilterSelect
            id={`${id}-category`}
            label={t("bmsArticles.category")}
            any={t("bmsArticles.any")}
            value={more.filters.category}
            options={counted(t, categories, counts?.groups)}
            onChange={(value) => more.change("category", value)}
          />
          <FilterSelect
            id={`${id}-tag`}
            label={t("bmsContent.tag")}
            any={t("bmsArticles.any")}
            value={more.filters.tag}
            options={tagChoices(t, counts?.tags)}
            onChange={(value) => more.change("tag", value)}
          />
        </ContentListSection>
      </div>
    </div>
  );
}
