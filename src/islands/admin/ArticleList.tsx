import { useStore } from "@nanostores/react";
import { useEffect, useId, useRef, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import { api, byId, send } from "../../shared/api-client.ts";
import type { ArticleListItem } from "../../shared/content.ts";
import { $locale } from "../../stores/locale.ts";
import { call, failureText } from "./content/api-call.ts";
import { categoryName, useCategories } from "./content/categories.ts";
import { ItemActions, type PublishAction } from "./content/ItemActions.tsx";
import { inApp } from "./content/in-app.ts";
import { ContentFilters, ContentItems, useContentList } from "./content/list.tsx";
import { SourceFacts, StatusBadge } from "./content/StatusBadge.tsx";
import { formatTime } from "./content/time.ts";
import { FilterSelect, type PageFetch } from "./paged.tsx";
import type { ScreenProps } from "./screen-props.ts";
import "./content/content.css";
import "./content/articles.css";

/** One page of articles, filtered. */
const fetchArticles: PageFetch<ArticleListItem> = (query) =>
  send(api.admin.articles.$get({ query }));

/** Every article (database rows and files), filtered and paged, with its tools. */
export function ArticleList({ t, navigate }: ScreenProps) {
  const id = useId();
  const locale = useStore($locale);
  const categories = useCategories();
  const list = useContentList(fetchArticles, {
    q: "",
    status: "",
    lang: "",
    category: "",
  });
  const { load } = list;
  /** The row whose action just ran: focus goes back to it once the list has reloaded. */
  const [focusRow, setFocusRow] = useState<string | null>(null);
  const sawLoading = useRef(false);

  useEffect(() => {
    if (focusRow === null) return;
    if (load.state === "loading") {
      sawLoading.current = true;
      return;
    }
    if (!sawLoading.current) return;
    sawLoading.current = false;
    setFocusRow(null);
    if (document.activeElement && document.activeElement !== document.body) return;
    const row = document.querySelector<HTMLElement>(`[data-row="${CSS.escape(focusRow)}"]`);
    (row?.querySelector<HTMLElement>("[data-primary]") ?? list.heading.current)?.focus();
  }, [load, focusRow, list.heading]);

  return (
    <div className="bms-content bms-articles">
      <div className="bms-list-head">
        <h2 id={`${id}-list`} ref={list.heading} tabIndex={-1}>
          {t("bmsArticles.list")}
        </h2>
        <a
          className="button button-primary bms-new"
          href="/bms/editarticle"
          onClick={inApp(() => navigate("editarticle"))}
        >
          {t("bmsArticles.newArticle")}
        </a>
      </div>
      <section aria-labelledby={`${id}-list`} className="bms-article-list">
        <ContentFilters t={t} id={id} list={list} ns="bmsArticles">
          <FilterSelect
            id={`${id}-category`}
            label={t("bmsArticles.category")}
            any={t("bmsArticles.any")}
            value={list.filters.category ?? ""}
            options={
              categories.state === "ready"
                ? categories.items.map((c) => ({ value: c.slug, label: c.name[locale] }))
                : []
            }
            onChange={(v) => list.setFilter("category", v)}
          />
        </ContentFilters>
        {load.state === "ready" && (
          <p className="bms-count">{t("bmsArticles.total", { total: load.page.total })}</p>
        )}
        <ContentItems
          t={t}
          ns="bmsArticles"
          list={list}
          retry
          item={(item) => (
            <ArticleItem
              key={item.id}
              t={t}
              item={item}
              categoryName={categoryName(categories, item.category, locale)}
              open={() => navigate("editarticle", `id=${encodeURIComponent(item.id)}`)}
              onDone={(ok, message) => {
                list.report(ok, message);
                if (ok) setFocusRow(item.id);
              }}
              onDeleted={() => {
                setFocusRow(null);
                list.deleted(t("bmsArticles.deleted", { title: item.title }));
              }}
            />
          )}
        />
      </section>
    </div>
  );
}

const ARTICLE_PUBLISH = {
  publish: "bmsArticles.publish",
  publishNow: "bmsArticles.publishNow",
  unpublish: "bmsArticles.unpublish",
} as const;

interface ItemProps {
  t: Translate;
  item: ArticleListItem;
  categoryName: string;
  open: () => void;
  onDone: (ok: boolean, message: string) => void;
  onDeleted: () => void;
}

function ArticleItem({ t, item, categoryName, open, onDone, onDeleted }: ItemProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const [busy, setBusy] = useState(false);

  async function act(action: PublishAction) {
    setBusy(true);
    const one = api.admin.articles[":id"];
    const result = await call(
      send(
        action === "publish"
          ? one.publish.$post({ ...byId(item.id), json: {} })
          : one.unpublish.$post(byId(item.id)),
      ),
    );
    setBusy(false);
    if (!result.ok) {
      onDone(false, failureText(t, result));
      return false;
    }
    const record = result.data;
    const message =
      action === "unpublish"
        ? t("bmsArticles.unpublished", { title: item.title })
        : record.status === "scheduled" && record.publishedAt
          ? t("bmsArticles.scheduled", { title: item.title, time: formatTime(record.publishedAt) })
          : t("bmsArticles.published", { title: item.title });
    onDone(true, message);
    return true;
  }

  async function remove() {
    const result = await call(send(api.admin.articles[":id"].$delete(byId(item.id))));
    if (result.ok) onDeleted();
    else onDone(false, failureText(t, result));
    return result.ok;
  }

  return (
    <li className="bms-item" data-row={item.id}>
      <div className="bms-item-head">
        <h3 id={titleId} lang={item.lang}>
          {item.title}
        </h3>
        <StatusBadge t={t} status={item.status} publishedAt={item.publishedAt} />
      </div>
      <ul className="bms-facts">
        <li>{t(`bmsNotes.languages.${item.lang}`)}</li>
        <li>{t("bmsArticles.categoryValue", { name: categoryName })}</li>
        {item.tags.length > 0 && (
          <li>{t("bmsArticles.tagsValue", { tags: item.tags.join(", ") })}</li>
        )}
        {item.pinned && <li>{t("bmsArticles.pinnedValue")}</li>}
        <SourceFacts t={t} item={item} />
      </ul>
      {item.readOnly ? (
        <>
          <p className="bms-file">{t("bmsNotes.inFile", { file: item.file ?? "content/" })}</p>
          <div className="bms-actions">
            <button
              type="button"
              className="button"
              data-primary=""
              aria-describedby={titleId}
              onClick={open}
            >
              {t("bmsContent.view")}
            </button>
          </div>
        </>
      ) : (
        <ItemActions
          t={t}
          describedBy={titleId}
          editLabel={t("bmsArticles.edit")}
          primaryEdit
          onEdit={open}
          publish={{ status: item.status, labels: ARTICLE_PUBLISH, disabled: busy, act }}
          question={t("bmsArticles.askDelete", { title: item.title })}
          onDelete={remove}
        />
      )}
    </li>
  );
}
