import { type RefObject, useId, useLayoutEffect, useRef } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { ArticleListItem, ArticleRecord } from "../../../shared/content.ts";
import type { ArticleReactions } from "../../../shared/following.ts";
import { ItemActions, type PublishAction } from "../app/content/ItemActions.tsx";
import { SiteLink } from "../app/content/SiteLink.tsx";
import { SourceFacts, StatusBadge } from "../app/content/StatusBadge.tsx";
import { failedCallText } from "../app/form.tsx";
import { succeeded } from "../app/query.ts";
import { type ItemSelection, SelectBox } from "../app/selection.tsx";
import { formatTime } from "../app/time.ts";
import { useDeleteArticle, usePublishArticle } from "./queries.ts";

/** The article list's publish tools say "Publish", "Publish now" and "Unpublish" in its words. */
const ARTICLE_PUBLISH = {
  publish: "bmsArticles.publish",
  publishNow: "bmsArticles.publishNow",
  unpublish: "bmsArticles.unpublish",
} as const;

interface Props {
  t: Translate;
  item: ArticleListItem;
  categoryName: string;
  /** Its likes and boosts from the fediverse, if any. */
  reactions: ArticleReactions | undefined;
  /** Opens the article in the editor. */
  open: () => void;
  /** An action's outcome, for the list's status line. */
  onDone: (ok: boolean, message: string) => void;
  onDeleted: () => void;
  /** Takes focus when the row goes away with focus in it (an action moved it out of the list). */
  fallback: RefObject<HTMLElement | null>;
  /** The list's selection for its bulk tools. */
  selection: ItemSelection<ArticleListItem>;
}

/**
 * When the row leaves the list with focus in it (the list reloaded without it), focus goes to
 * `fallback` rather than the page's body: checked as the row goes, while its element is there.
 */
function useFocusLeavesWith(fallback: RefObject<HTMLElement | null>) {
  const row = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => {
    const element = row.current;
    return () => {
      if (element?.contains(document.activeElement)) fallback.current?.focus();
    };
  }, [fallback]);
  return row;
}

/** One article of the list: its title, status and facts, and its tools (View for a file's). */
export function ArticleItem({
  t,
  item,
  categoryName,
  reactions,
  open,
  onDone,
  onDeleted,
  fallback,
  selection,
}: Props) {
  const id = useId();
  const titleId = `${id}-title`;
  const row = useFocusLeavesWith(fallback);
  const publish = usePublishArticle();
  const remove = useDeleteArticle();
  const failed = (error: unknown) => onDone(false, failedCallText(t, error));

  /** What the status line says of a publish tool's outcome (a scheduled one keeps its time). */
  const publishedLine = (record: ArticleRecord, action: PublishAction) => {
    const title = item.title;
    if (action === "unpublish") return t("bmsArticles.unpublished", { title });
    return record.status === "scheduled" && record.publishedAt
      ? t("bmsArticles.scheduled", { title, time: formatTime(record.publishedAt) })
      : t("bmsArticles.published", { title });
  };

  const act = (action: PublishAction) =>
    succeeded(
      publish
        .mutateAsync({ id: item.id, action })
        .then((record) => onDone(true, publishedLine(record, action))),
      failed,
    );

  return (
    <li ref={row} className="bms-item">
      <div className="bms-item-head">
        {!item.readOnly && (
          <SelectBox
            label={t("bmsContent.select", { title: item.title })}
            item={item}
            selection={selection}
          />
        )}
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
        {reactions && reactions.likes + reactions.boosts > 0 && (
          <li>
            {t("bmsArticles.reactions", {
              likes: t("bmsArticles.likes", { count: reactions.likes, n: reactions.likes }),
              boosts: t("bmsArticles.boosts", { count: reactions.boosts, n: reactions.boosts }),
            })}
          </li>
        )}
        <SourceFacts t={t} item={item} />
      </ul>
      {item.readOnly ? (
        <>
          <p className="bms-file">{t("bmsNotes.inFile", { file: item.file ?? "content/" })}</p>
          <div className="bms-actions">
            <button type="button" className="button" aria-describedby={titleId} onClick={open}>
              {t("bmsContent.view")}
            </button>
            <SiteLink t={t} kind="article" item={item} describedBy={titleId} />
          </div>
        </>
      ) : (
        <ItemActions
          t={t}
          describedBy={titleId}
          editLabel={t("bmsArticles.edit")}
          onEdit={open}
          publish={{
            status: item.status,
            labels: ARTICLE_PUBLISH,
            disabled: publish.isPending,
            act,
          }}
          question={t("bmsArticles.askDelete", { title: item.title })}
          onDelete={() => succeeded(remove.mutateAsync(item.id).then(onDeleted), failed)}
        >
          <SiteLink t={t} kind="article" item={item} describedBy={titleId} />
        </ItemActions>
      )}
    </li>
  );
}
