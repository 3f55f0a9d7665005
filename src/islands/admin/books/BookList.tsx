import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { BookRecord } from "../../../shared/content.ts";
import { ContentBulk } from "../app/content/ContentBulk.tsx";
import { ContentListSection } from "../app/content/ContentList.tsx";
import { useContentFilters } from "../app/content/filters.tsx";
import { ItemActions, PUBLISH_LABELS, useInlineEdit } from "../app/content/ItemActions.tsx";
import { inApp } from "../app/content/in-app.ts";
import { SiteLink } from "../app/content/SiteLink.tsx";
import { failedCallText } from "../app/form.tsx";
import { useListState } from "../app/ListSection.tsx";
import { succeeded } from "../app/query.ts";
import { type ItemSelection, SelectBox, useItemSelection } from "../app/selection.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { BookForm } from "./BookForm.tsx";
import { BookFacts, BookFiles, useBookPublisher } from "./parts.tsx";
import { useBookPage, useBulkBooks, useDeleteBook } from "./queries.ts";

type Navigate = ScreenProps["navigate"];

/** All books (searched, filtered, paged), each with its tools, and the new-book form. */
export function BookList({ t, navigate }: { t: Translate; navigate: Navigate }) {
  const state = useListState(true);
  const filters = useContentFilters(state.setPage);
  const list = useBookPage(filters.query, state.page);
  const selection = useItemSelection<BookRecord>();
  const bulk = useBulkBooks();
  return (
    <div className="bms-content bms-books">
      <ContentListSection
        t={t}
        ns="bmsBooks"
        query={list}
        state={state}
        filters={filters}
        sorts={["updated", "title"]}
        tools={(page) => (
          <ContentBulk
            t={t}
            words="bmsBooks.bulk"
            items={page.items}
            selection={selection}
            name={(one) => one.title}
            run={bulk.mutateAsync}
            busy={bulk.isPending}
            report={state.report}
            onAllDeleted={state.deleted}
          />
        )}
        item={(book) => (
          <BookItem
            key={book.id}
            t={t}
            book={book}
            navigate={navigate}
            onDone={state.report}
            onDeleted={() => state.deleted(t("bmsBooks.deleted"))}
            selection={selection}
          />
        )}
      />
      <BookForm t={t} onDone={(message) => state.report(true, message)} />
    </div>
  );
}

function BookItem({
  t,
  book,
  navigate,
  onDone,
  onDeleted,
  selection,
}: {
  t: Translate;
  book: BookRecord;
  navigate: Navigate;
  onDone: (ok: boolean, message: string) => void;
  onDeleted: () => void;
  selection: ItemSelection<BookRecord>;
}) {
  const id = useId();
  const { editing, editButton, open, close, saved } = useInlineEdit<true>((message) =>
    onDone(true, message),
  );
  const publish = useBookPublisher(t);
  const remove = useDeleteBook();
  const failed = (error: unknown) => onDone(false, failedCallText(t, error));

  const query = `book=${encodeURIComponent(book.id)}`;
  return (
    <li className="bms-item">
      {editing ? (
        <BookForm t={t} editing={book} onDone={saved} onCancel={close} />
      ) : (
        <>
          <div className="bms-item-head">
            {!book.readOnly && (
              <SelectBox
                label={t("bmsContent.select", { title: book.title })}
                item={book}
                selection={selection}
              />
            )}
            <h3 id={`${id}-title`} lang={book.lang}>
              <a href={`/bms/book-doc?${query}`} onClick={inApp(() => navigate("book-doc", query))}>
                {book.title}
              </a>
            </h3>
          </div>
          <BookFacts t={t} book={book} />
          {book.readOnly ? (
            <BookFiles t={t} book={book} />
          ) : (
            <ItemActions
              t={t}
              describedBy={`${id}-title`}
              editLabel={t("bmsNotes.edit")}
              editRef={editButton}
              onEdit={() => open(true)}
              publish={{
                status: book.status,
                labels: PUBLISH_LABELS,
                act: async (action) => {
                  const outcome = await publish(book, action);
                  onDone(outcome.ok, outcome.message);
                  return outcome.ok;
                },
              }}
              question={t("bmsBooks.askDelete", { title: book.title })}
              onDelete={() => succeeded(remove.mutateAsync(book.id).then(onDeleted), failed)}
            >
              <SiteLink t={t} kind="book" item={book} describedBy={`${id}-title`} />
            </ItemActions>
          )}
        </>
      )}
    </li>
  );
}
