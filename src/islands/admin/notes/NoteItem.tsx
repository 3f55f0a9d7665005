import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { NoteListItem, NoteRecord } from "../../../shared/content.ts";
import { succeeded } from "../app/query.ts";
import { failureText } from "../content/api-call.ts";
import {
  ItemActions,
  PUBLISH_LABELS,
  type PublishAction,
  useInlineEdit,
} from "../content/ItemActions.tsx";
import { SourceFacts, StatusBadge } from "../content/StatusBadge.tsx";
import { NoteForm } from "./NoteForm.tsx";
import { useDeleteNote, useOpenNote, usePublishNote } from "./queries.ts";

interface Props {
  t: Translate;
  item: NoteListItem;
  /** An action's outcome, for the list's status line. */
  onDone: (ok: boolean, message: string) => void;
  onDeleted: () => void;
}

/** One note of the list: its excerpt and facts, and its tools (none for a file's note). */
export function NoteItem({ t, item, onDone, onDeleted }: Props) {
  const id = useId();
  const { editing, editButton, open, close } = useInlineEdit<NoteRecord>();
  const openNote = useOpenNote();
  const publish = usePublishNote();
  const remove = useDeleteNote();
  const failed = (error: unknown) =>
    onDone(false, failureText(t, { message: error instanceof Error ? error.message : "" }));

  async function act(action: PublishAction) {
    const publishing = action === "publish";
    const ok = await succeeded(publish.mutateAsync({ id: item.id, publish: publishing }), failed);
    if (ok) onDone(true, t(publishing ? "bmsNotes.published" : "bmsNotes.unpublished"));
    return ok;
  }

  async function removeNote() {
    const ok = await succeeded(remove.mutateAsync(item.id), failed);
    if (ok) onDeleted();
    return ok;
  }

  if (editing) {
    return (
      <li className="bms-item">
        <NoteForm
          t={t}
          editing={editing}
          onDone={(message) => {
            close();
            onDone(true, message);
          }}
          onCancel={close}
        />
      </li>
    );
  }

  return (
    <li className="bms-item">
      <p className="bms-excerpt" id={`${id}-excerpt`} lang={item.lang}>
        {item.excerpt}
      </p>
      <ul className="bms-facts">
        <li>
          <StatusBadge t={t} status={item.status} publishedAt={item.publishedAt} />
        </li>
        <li>{t(`bmsNotes.languages.${item.lang}`)}</li>
        {item.tags.length > 0 && <li>{t("bmsNotes.noteTags", { tags: item.tags.join(", ") })}</li>}
        {item.images.length > 0 && <li>{t("bmsNotes.pictures", { count: item.images.length })}</li>}
        <SourceFacts t={t} item={item} />
      </ul>
      {item.readOnly ? (
        <p className="bms-file">{t("bmsNotes.inFile", { file: item.file ?? "content/" })}</p>
      ) : (
        <ItemActions
          t={t}
          describedBy={`${id}-excerpt`}
          editLabel={t("bmsNotes.edit")}
          editRef={editButton}
          onEdit={() => void openNote(item.id).then(open, failed)}
          publish={{ status: item.status, labels: PUBLISH_LABELS, act }}
          question={t("bmsNotes.askDelete")}
          onDelete={removeNote}
        />
      )}
    </li>
  );
}
