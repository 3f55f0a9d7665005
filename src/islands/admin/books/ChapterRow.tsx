import { type RefObject, useEffect, useId, useRef, useState } from "react";
import type { MessageKey, Translate } from "../../../i18n/core.ts";
import type { ChapterListItem, ChapterRecord } from "../../../shared/content.ts";
import { ItemActions, useInlineEdit } from "../app/content/ItemActions.tsx";
import { StatusBadge } from "../app/content/StatusBadge.tsx";
import { failedCallText } from "../app/form.tsx";
import { CallFailure } from "../app/query.ts";
import { ChapterForm } from "./ChapterForm.tsx";
import {
  useChapterReader,
  useDeleteChapter,
  useMoveChapter,
  usePublishChapter,
} from "./queries.ts";
import { moveWrites } from "./tree.ts";

interface Props {
  t: Translate;
  chapter: ChapterListItem;
  /** Its chapters, the chapter among them (its place in the tree). */
  siblings: ChapterListItem[];
  index: number;
  /** The book's top-level chapters: the parents an edited chapter may take. */
  tops: ChapterListItem[];
  hasChildren: boolean;
  /** A change went through: its message for the chapters' status line. */
  onChanged: (message: string) => void;
  onDeleted: () => void;
}

/** One chapter: a heading of its level, its facts, and its tools (or where its file is). */
export function ChapterRow({ t, chapter, siblings, index, tops, hasChildren, ...props }: Props) {
  const id = useId();
  const { editing, editButton, open, close, saved } = useInlineEdit<ChapterRecord>(props.onChanged);
  const [failure, setFailure] = useState("");
  const read = useChapterReader(chapter.bookId);
  const publish = usePublishChapter(chapter.bookId);
  const remove = useDeleteChapter(chapter.bookId);
  const move = useMoveChapter(chapter.bookId);
  const Heading = chapter.parentId === null ? "h3" : "h4";

  /** Runs a write; a failure shows on the row. True when it went through. */
  async function run(write: () => Promise<unknown>, message?: string): Promise<boolean> {
    setFailure("");
    try {
      await write();
      if (message) props.onChanged(message);
      return true;
    } catch (error) {
      setFailure(failedCallText(t, error));
      return false;
    }
  }

  const toggle = chapter.status === "draft" ? "publish" : "unpublish";
  const act = () =>
    run(
      () => publish.mutateAsync({ id: chapter.id, action: toggle }),
      t(toggle === "publish" ? "bmsBooks.chapterPublished" : "bmsBooks.chapterUnpublished"),
    );

  async function deleteChapter() {
    setFailure("");
    try {
      await remove.mutateAsync(chapter.id);
      props.onDeleted();
      return true;
    } catch (error) {
      setFailure(
        error instanceof CallFailure && error.code === 409 && hasChildren
          ? t("bmsBooks.hasChildren", { title: chapter.title })
          : failedCallText(t, error),
      );
      return false;
    }
  }

  if (editing) {
    return (
      <div className="bms-item bms-chapter">
        <ChapterForm
          t={t}
          bookId={chapter.bookId}
          tops={tops}
          editing={editing}
          hasChildren={hasChildren}
          onDone={saved}
          onCancel={close}
        />
      </div>
    );
  }

  return (
    <article className="bms-item bms-chapter" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{chapter.title}</Heading>
      <ul className="bms-facts">
        <li>
          <StatusBadge t={t} status={chapter.status} />
        </li>
        <li>
          <code>{chapter.slug}</code>
        </li>
        <li>{t("bmsBooks.orderValue", { order: chapter.order })}</li>
        {chapter.readOnly && (
          <li>{t("bmsContent.sourceValue", { source: t("bmsNotes.sources.file") })}</li>
        )}
      </ul>
      {chapter.readOnly ? (
        <p className="bms-file">
          {t("bmsNotes.inFile", { file: chapter.file ?? "content/books/" })}
        </p>
      ) : (
        <ItemActions
          t={t}
          describedBy={`${id}-title`}
          editLabel={t("bmsNotes.edit")}
          editRef={editButton}
          onEdit={() => void run(async () => open(await read(chapter.id)))}
          question={t("bmsBooks.askDeleteChapter", { title: chapter.title })}
          onDelete={deleteChapter}
        >
          {/* One toggle (chapters are never scheduled): focus stays on it as its label turns. */}
          <button
            type="button"
            className="button"
            aria-describedby={`${id}-title`}
            onClick={() => void act()}
          >
            {t(toggle === "publish" ? "bmsNotes.publish" : "bmsNotes.unpublish")}
          </button>
          <MoveButtons
            t={t}
            describedBy={`${id}-title`}
            index={index}
            count={siblings.length}
            onMove={(by) =>
              run(() => move.mutateAsync(moveWrites(siblings, chapter.id, by)), t("bmsBooks.moved"))
            }
          />
        </ItemActions>
      )}
      {failure && (
        <p role="alert" className="form-failure">
          {failure}
        </p>
      )}
    </article>
  );
}

/**
 * Move up and Move down. After a move, once the chapter stands at its new place, focus goes
 * back to the button pressed, or to the other one when this end of the list is reached.
 */
function MoveButtons({
  t,
  describedBy,
  index,
  count,
  onMove,
}: {
  t: Translate;
  describedBy: string;
  index: number;
  count: number;
  /** Moves the chapter; resolves once the tree holds the new order (or the move failed). */
  onMove: (by: -1 | 1) => Promise<boolean>;
}) {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  /** The move that went through: the button pressed and the place the chapter is going to. */
  const [moved, setMoved] = useState<{ by: -1 | 1; to: number } | null>(null);

  useEffect(() => {
    // The tree shows the new order only once the chapters have reloaded: wait for the place.
    if (!moved || index !== moved.to) return;
    setMoved(null);
    const [pressed, other] = moved.by === -1 ? [up, down] : [down, up];
    const target = [pressed.current, other.current].find((b) => b && !b.disabled);
    target?.focus();
  }, [moved, index]);

  const button = (by: -1 | 1, ref: RefObject<HTMLButtonElement | null>, label: MessageKey) => (
    <button
      ref={ref}
      type="button"
      className="button"
      disabled={by === -1 ? index === 0 : index === count - 1}
      aria-describedby={describedBy}
      onClick={async () => {
        if (await onMove(by)) setMoved({ by, to: index + by });
      }}
    >
      {t(label)}
    </button>
  );
  return (
    <>
      {button(-1, up, "bmsBooks.moveUp")}
      {button(1, down, "bmsBooks.moveDown")}
    </>
  );
}
