import { useStore } from "@nanostores/react";
import { useEffect, useId, useRef, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import { api } from "../../shared/api-client.ts";
import {
  type ArticleListItem,
  type ArticleRecord,
  CONTENT_LANGS,
  CONTENT_LIMITS,
  CONTENT_STATUSES,
} from "../../shared/content-rules.ts";
import { $locale } from "../../stores/locale.ts";
import { FormStatus } from "../ui/FormStatus.tsx";
import { call, itemPath } from "./content/api-call.ts";
import { categoryName, useCategories } from "./content/categories.ts";
import { DeleteControl } from "./content/DeleteControl.tsx";
import { useLastPage } from "./content/last-page.ts";
import { StatusBadge } from "./content/StatusBadge.tsx";
import { formatTime } from "./content/time.ts";
import { FilterSelect, Pager, usePagedList } from "./paged.tsx";
import type { ScreenProps } from "./screens.ts";
import "./content/content.css";
import "./content/articles.css";

const PAGE_SIZE = 20;

/** Every article (database rows and files), filtered and paged, with its tools. */
export function ArticleList({ t, navigate }: ScreenProps) {
  const id = useId();
  const locale = useStore($locale);
  const categories = useCategories();
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("");
  const [lang, setLang] = useState("");
  const [category, setCategory] = useState("");
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const listHeading = useRef<HTMLHeadingElement>(null);
  /** The row whose action just ran: focus goes back to it once the list has reloaded. */
  const [focusRow, setFocusRow] = useState<string | null>(null);
  const { page, setPage, load, pages, reload } = usePagedList<ArticleListItem>(
    "/admin/articles",
    { q, status, lang, category },
    PAGE_SIZE,
    200,
  );

  const shown = useLastPage(load);
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
    (row?.querySelector<HTMLElement>("[data-primary]") ?? listHeading.current)?.focus();
  }, [load, focusRow]);

  function report(ok: boolean, message: string, row: string | null = null) {
    setNote(ok ? message : "");
    setFailure(ok ? "" : message);
    if (ok) {
      setFocusRow(row);
      reload();
    }
  }

  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  return (
    <div className="bms-content bms-articles">
      <div className="bms-list-head">
        <h2 id={`${id}-list`} ref={listHeading} tabIndex={-1}>
          {t("bmsArticles.list")}
        </h2>
        <a
          className="button button-primary bms-new"
          href="/bms/editarticle"
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            navigate("editarticle");
          }}
        >
          {t("bmsArticles.newArticle")}
        </a>
      </div>
      <section aria-labelledby={`${id}-list`} className="bms-article-list">
        <search className="bms-filters" aria-label={t("bmsArticles.filters")}>
          <label htmlFor={`${id}-q`} className="visually-hidden">
            {t("bmsArticles.search")}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="field-input bms-search"
            placeholder={t("bmsArticles.search")}
            value={q}
            maxLength={CONTENT_LIMITS.q}
            onChange={(e) => filter(setQ)(e.target.value)}
          />
          <FilterSelect
            id={`${id}-status`}
            label={t("bmsArticles.status")}
            any={t("bmsArticles.any")}
            value={status}
            options={CONTENT_STATUSES.map((s) => ({
              value: s,
              label: t(`bmsNotes.statuses.${s}`),
            }))}
            onChange={filter(setStatus)}
          />
          <FilterSelect
            id={`${id}-lang`}
            label={t("bmsArticles.language")}
            any={t("bmsArticles.any")}
            value={lang}
            options={CONTENT_LANGS.map((l) => ({ value: l, label: t(`bmsNotes.languages.${l}`) }))}
            onChange={filter(setLang)}
          />
          <FilterSelect
            id={`${id}-category`}
            label={t("bmsArticles.category")}
            any={t("bmsArticles.any")}
            value={category}
            options={
              categories.state === "ready"
                ? categories.items.map((c) => ({ value: c.slug, label: c.name[locale] }))
                : []
            }
            onChange={filter(setCategory)}
          />
        </search>
        {load.state === "ready" && (
          <p className="bms-count">{t("bmsArticles.total", { total: load.page.total })}</p>
        )}
        <FormStatus
          note={load.state === "loading" ? t("bmsArticles.loading") : note}
          failure={failure}
        />
        {load.state === "failed" && (
          <div className="bms-retry" role="alert">
            <p className="form-failure">{t("bmsArticles.failed")}</p>
            <button type="button" className="button" onClick={reload}>
              {t("bmsContent.retry")}
            </button>
          </div>
        )}
        {load.state === "ready" && load.page.items.length === 0 && <p>{t("bmsArticles.empty")}</p>}
        {shown && shown.items.length > 0 && (
          <ul className="bms-items" aria-busy={load.state === "loading" ? true : undefined}>
            {shown.items.map((item) => (
              <ArticleItem
                key={item.id}
                t={t}
                item={item}
                categoryName={categoryName(categories, item.category, locale)}
                open={() => navigate("editarticle", `id=${encodeURIComponent(item.id)}`)}
                onDone={(ok, message) => report(ok, message, item.id)}
                onDeleted={() => {
                  report(true, t("bmsArticles.deleted", { title: item.title }));
                  listHeading.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
        {load.state === "ready" && (
          <Pager t={t} page={page} pages={pages} total={load.page.total} onPage={setPage} />
        )}
      </section>
    </div>
  );
}

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

  async function act(action: "publish" | "unpublish") {
    setBusy(true);
    const result = await call(
      api.post<ArticleRecord>(
        itemPath("articles", item.id, action),
        action === "publish" ? {} : undefined,
      ),
    );
    setBusy(false);
    if (!result.ok) {
      onDone(false, t("bmsContent.failure", { message: result.message }));
      return;
    }
    const record = result.data;
    const message =
      action === "unpublish"
        ? t("bmsArticles.unpublished", { title: item.title })
        : record.status === "scheduled" && record.publishedAt
          ? t("bmsArticles.scheduled", { title: item.title, time: formatTime(record.publishedAt) })
          : t("bmsArticles.published", { title: item.title });
    onDone(true, message);
  }

  async function remove() {
    const result = await call(api.delete(itemPath("articles", item.id)));
    if (result.ok) onDeleted();
    else onDone(false, t("bmsContent.failure", { message: result.message }));
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
        <li>{t("bmsContent.sourceValue", { source: t(`bmsNotes.sources.${item.source}`) })}</li>
        {item.updatedAt && (
          <li>
            <time dateTime={item.updatedAt}>
              {t("bmsContent.updated", { time: formatTime(item.updatedAt) })}
            </time>
          </li>
        )}
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
        <div className="bms-actions">
          <button
            type="button"
            className="button"
            data-primary=""
            aria-describedby={titleId}
            onClick={open}
          >
            {t("bmsArticles.edit")}
          </button>
          {item.status !== "published" && (
            <button
              type="button"
              className="button"
              disabled={busy}
              aria-describedby={titleId}
              onClick={() => void act("publish")}
            >
              {t(item.status === "scheduled" ? "bmsArticles.publishNow" : "bmsArticles.publish")}
            </button>
          )}
          {item.status !== "draft" && (
            <button
              type="button"
              className="button"
              disabled={busy}
              aria-describedby={titleId}
              onClick={() => void act("unpublish")}
            >
              {t("bmsArticles.unpublish")}
            </button>
          )}
          <DeleteControl
            t={t}
            question={t("bmsArticles.askDelete", { title: item.title })}
            describedBy={titleId}
            onDelete={remove}
          />
        </div>
      )}
    </li>
  );
}
