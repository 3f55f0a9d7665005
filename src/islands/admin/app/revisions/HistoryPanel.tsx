import { useId, useState } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import { DiffLines, type FieldWords, fieldsDifference } from "../content/FieldsDiff.tsx";
import { failedCallText } from "../form.tsx";
import { formatTime } from "../time.ts";
import {
  HISTORY_PAGE,
  type RevisionRoutes,
  useRestoreRevision,
  useRevision,
  useRevisions,
} from "./queries.ts";
import "./revisions.css";

interface Props<Item> {
  t: Translate;
  /** The kind's query key root (`articles`) and its routes. */
  kind: string;
  routes: RevisionRoutes<Item>;
  words: FieldWords;
  item: { id: string; updatedAt: string | null };
  /** The form's values now, to compare a revision with. */
  current: () => object;
  /** A revision's fields as the form's values (the same fields, in the form's order). */
  asForm: (fields: Record<string, unknown>) => object;
  /** A revision was put back and saved: the editor takes the item as it now is. */
  onRestored: (item: Item, savedAt: string) => void;
  onFailed: (message: string) => void;
}

/**
 * An item's history: its saves, newest first (when, by whom, its title), loaded when opened;
 * one chosen shows what it changes of the text in the editor, and can be restored, which saves
 * it again (itself a save in the history).
 */
export function HistoryPanel<Item>({
  t,
  kind,
  routes,
  words,
  item,
  current,
  asForm,
  ...on
}: Props<Item>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [pages, setPages] = useState(1);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = useRevisions(kind, routes, item.id, pages, open);
  const revision = useRevision(kind, routes, item.id, chosen);
  const restore = useRestoreRevision(kind, routes);
  const items = list.data?.items ?? [];
  const more = (list.data?.total ?? 0) > items.length;

  async function putBack() {
    if (!chosen || !revision.data) return;
    try {
      const saved = await restore.mutateAsync({
        id: item.id,
        revision: chosen,
        updatedAt: item.updatedAt,
      });
      on.onRestored(saved, revision.data.savedAt);
      setChosen(null);
    } catch (error) {
      on.onFailed(failedCallText(t, error));
    }
  }

  const lines =
    revision.data && chosen === revision.data.id
      ? fieldsDifference(t, words, current(), asForm(revision.data.fields))
      : null;
  return (
    <details
      className="bms-history"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      aria-describedby={`${id}-about`}
    >
      <summary>
        {t("bmsEditor.history.title")}
        {list.data && ` (${t("bmsEditor.history.count", { count: list.data.total })})`}
      </summary>
      <p id={`${id}-about`} className="field-hint">
        {t("bmsEditor.history.about")}
      </p>
      {list.isPending && open && <p role="status">{t("bmsEditor.history.loading")}</p>}
      {list.isError && (
        <p role="alert" className="field-error">
          {failedCallText(t, list.error)}
        </p>
      )}
      {list.data && items.length === 0 && <p>{t("bmsEditor.history.empty")}</p>}
      {items.length > 0 && (
        <ol className="bms-history-list">
          {items.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className="bms-history-item"
                aria-pressed={chosen === r.id}
                onClick={() => setChosen(chosen === r.id ? null : r.id)}
              >
                <time dateTime={r.savedAt}>{formatTime(r.savedAt)}</time>
                <span>
                  {r.savedBy
                    ? t("bmsEditor.history.by", { name: r.savedBy.name })
                    : t("bmsEditor.history.nobody")}
                  {r.autosaved && ` · ${t("bmsEditor.history.autosaved")}`}
                </span>
                {r.title && <span className="bms-history-title">{r.title}</span>}
              </button>
            </li>
          ))}
        </ol>
      )}
      {more && (
        <button type="button" className="button" onClick={() => setPages((n) => n + 1)}>
          {t("bmsEditor.history.older", { count: HISTORY_PAGE })}
        </button>
      )}
      {chosen && revision.isPending && <p role="status">{t("bmsEditor.history.loading")}</p>}
      {lines && (
        <section className="bms-history-compare" aria-labelledby={`${id}-compare`}>
          <h4 id={`${id}-compare`}>
            {t("bmsEditor.history.compare", { time: formatTime(revision.data?.savedAt ?? "") })}
          </h4>
          {lines.length === 0 ? (
            <p>{t("bmsEditor.history.same")}</p>
          ) : (
            <DiffLines lines={lines} legend={t("bmsEditor.history.legend")} />
          )}
          <button
            type="button"
            className="button button-primary"
            disabled={restore.isPending}
            onClick={() => void putBack()}
          >
            {t("bmsEditor.history.restore")}
          </button>
        </section>
      )}
    </details>
  );
}
