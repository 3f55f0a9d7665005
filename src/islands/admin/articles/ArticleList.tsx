import { useStore } from "@nanostores/react";
import { useId } from "react";
import { $locale } from "../../../stores/locale.ts";
import { useListState } from "../app/ListSection.tsx";
import { FilterSelect, useFilters } from "../app/list-parts.tsx";
import { ScreenLink } from "../app/ScreenLink.tsx";
import { useCategories } from "../categories/queries.ts";
import { ContentListSection } from "../content/ContentList.tsx";
import { useContentFilters } from "../content/filters.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { ArticleItem } from "./ArticleItem.tsx";
import { categoryChoices, categoryName } from "./fields.tsx";
import { useArticlePage } from "./queries.ts";
import "../content/content.css";
import "../content/articles.css";

/** `/bms/article`: every article (database rows and files), filtered and paged, with its tools. */
export function ArticleList({ t, navigate }: ScreenProps) {
  const id = useId();
  const locale = useStore($locale);
  const state = useListState();
  const filters = useContentFilters(state.setPage);
  const byCategory = useFilters({ category: "" }, state.setPage);
  const list = useArticlePage({ ...filters.query, ...byCategory.filters }, state.page);
  const categories = categoryChoices(useCategories().data?.items, locale);
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
          item={(item) => (
            <ArticleItem
              key={item.id}
              t={t}
              item={item}
              categoryName={categoryName(categories, item.category)}
              open={() => open(item.id)}
              onDone={state.report}
              onDeleted={() => state.deleted(t("bmsArticles.deleted", { title: item.title }))}
              fallback={state.heading}
            />
          )}
        >
          <FilterSelect
            id={`${id}-category`}
            label={t("bmsArticles.category")}
            any={t("bmsArticles.any")}
            value={byCategory.filters.category}
            options={categories}
            onChange={(value) => byCategory.change("category", value)}
          />
        </ContentListSection>
      </div>
    </div>
  );
}
