import { useId, useRef, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { BookRecord, ChapterListItem } from "../../../shared/content.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { ChapterForm } from "./ChapterForm.tsx";
import { ChapterRow } from "./ChapterRow.tsx";
import { useChapters } from "./queries.ts";
import { chapterTree } from "./tree.ts";

/** The book's chapters as a two-level tree in reading order, with their tools. */
export function Chapters({ t, book }: { t: Translate; book: BookRecord }) {
  const id = useId();
  const query = useChapters(book.id);
  const [note, setNote] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);

  const items = query.isError ? null : (query.data?.items ?? null);
  const tree = chapterTree(items ?? []);

  const row = (chapter: ChapterListItem, siblings: ChapterListItem[], index: number) => (
    <ChapterRow
      t={t}
      chapter={chapter}
      siblings={siblings}
      index={index}
      tops={tree.tops}
      hasChildren={tree.childrenOf(chapter.id).length > 0}
      onChanged={setNote}
      onDeleted={() => {
        setNote(t("bmsBooks.chapterDeleted"));
        heading.current?.focus();
      }}
    />
  );

  return (
    <>
      <section aria-labelledby={`${id}-chapters`}>
        <h2 id={`${id}-chapters`} ref={heading} tabIndex={-1}>
          {t("bmsBooks.chapterTree")}
        </h2>
        <FormStatus
          note={query.isFetching ? t("bmsBooks.chaptersLoading") : note}
          failure={query.isError ? t("bmsBooks.chaptersFailed") : ""}
        />
        {items && items.length === 0 && <p>{t("bmsBooks.noChapters")}</p>}
        {items && items.length > 0 && (
          <ol className="bms-tree" aria-busy={query.isFetching}>
            {tree.tops.map((top, i) => {
              const children = tree.childrenOf(top.id);
              return (
                <li key={top.id}>
                  {row(top, tree.tops, i)}
                  {children.length > 0 && (
                    <ol>
                      {children.map((child, j) => (
                        <li key={child.id}>{row(child, children, j)}</li>
                      ))}
                    </ol>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>
      {!book.readOnly && items && (
        <ChapterForm
          t={t}
          bookId={book.id}
          tops={tree.tops}
          nextOrder={tree.nextOrder}
          onDone={setNote}
        />
      )}
    </>
  );
}
