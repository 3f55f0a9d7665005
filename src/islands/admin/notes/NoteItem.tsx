import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { NoteListItem, NoteRecord } from "../../../shared/content.ts";
import {
  ItemActions,
  PUBLISH_LABELS,
  type PublishAction,
  useInlineEdit,
} from "../app/content/ItemActions.tsx";
import { SiteLink } from "../app/content/SiteLink.tsx";
import { SourceFacts, StatusBadge } from "../app/content/StatusBadge.tsx";
import { failedCallText } from "../app/form.tsx";
import { succeeded } from "../app/query.ts";
import { type ItemSelection, SelectBox } from "../app/selection.tsx";
import { NoteForm } from "./NoteForm.tsx";
import { useDeleteNote, useOpenNote, usePublishNote } from "./queries.ts";

interface Props {
  t: Translate;
  item: NoteListItem;
  /** An action's outcome, for the list's status line. */
  onDone: (ok: boolean, message: string) => void;
  onDeleted: () => void;
  /** The list's selection for its bulk tools. */
  selection: ItemSelection<NoteListItem>;
}

/**
 * One note of the list: its excerpt and facts, a checkbox for the bulk tools, and its tools
 * (for a file's note, only View on site once it is live).
 */
export function NoteItem({ t, item, onDone, onDeleted, selection }: Props) {
  const id = useId();
  const { editing, editButton, open, close, saved } = useInlineEdit<NoteRecord>((message) =>
    onDone(true, message),
  );
  const openNote = useOpenNote();
  const publish = usePublishNote();
  const remove = useDeleteNote();
  const failed = (error: unknown) => onDone(false, failedCallText(t, error));

  function act(action: PublishAction) {
    const done = t(action === "publish" ? "bmsNotes.published" : "bmsNotes.unpublished");
    const write = publish.mutateAsync({ id: item.id, action });
    return succeeded(
      write.then(() => onDone(true, done)),
      failed,
    );
  }

  return (
    <li className="bms-item">
      {editing ? (
        <NoteForm t={t} editing={editing} onDone={saved} onCancel={close} />
      ) : (
        <>
          <div className="bms-item-head">
            {!item.readOnly && (
              <SelectBox
                label={t("bmsContent.select", { title: item.excerpt })}
                item={item}
                selection={selection}
              />
            )}
            <p className="bms-excerpt" id={`${id}-excerpt`} lang={item.lang}>
              {item.excerpt}
            </p>
          </div>
          <ul className="bms-facts">
            <li>
              <StatusBadge t={t} status={item.status} publishedAt={item.publishedAt} />
            </li>
            <li>{t(`bmsNotes.languages.${item.lang}`)}</li>
            {item.tags.length > 0 && (
              <li>{t("bmsNotes.noteTags", { tags: item.tags.join(", ") })}</li>
            )}
            {item.images.length > 0 && (
              <li>{t("bmsNotes.pictures", { count: item.images.length })}</li>
            )}
            <SourceFacts t={t} item={item} />
          </ul>
          {item.readOnly ? (
            <>
              <p className="bms-file">{t("bmsNotes.inFile", { file: item.file ?? "content/" })}</p>
              {item.status === "published" && (
                <div className="bms-actions">
                  <SiteLink t={t} kind="note" item={item} describedBy={`${id}-excerpt`} />
                </div>
              )}
            </>
          ) : (
            <ItemActions
              t={t}
              describedBy={`${id}-excerpt`}
              editLabel={t("bmsNotes.edit")}
              editRef={editButton}
              onEdit={() => void openNote(item.id).then(open, failed)}
              publish={{ status: item.status, labels: PUBLISH_LABELS, act }}
              question={t("bmsNotes.askDelete")}
              onDelete={() => succeeded(remove.mutateAsync(item.id).then(onDeleted), failed)}
            >
              <SiteLink t={t} kind="note" item={item} describedBy={`${id}-excerpt`} />
            </ItemActions>
          )}
        </>
      )}
    </li>
  );
}
