import { useId, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { BookRecord } from "../../../shared/content.ts";
import { CONTENT_LANGS, CONTENT_LIMITS, CONTENT_STATUSES } from "../../../shared/content-rules.ts";
import { ListSection, useListState } from "../app/ListSection.tsx";
import { useSettled } from "../app/query.ts";
import { ItemActions, PUBLISH_LABELS, useInlineEdit } from "../content/ItemActions.tsx";
import { inApp } from "../content/in-app.ts";
import { FilterSelect } from "../paged.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { BookForm } from "./BookForm.tsx";
import { BookFacts, BookFiles, failureOf, useBookPublisher } from "./parts.tsx";
import { type BookFilters, PAGE_SIZE, useBookPage, useDeleteBook } from "./queries.ts";

type Navigate = ScreenProps["navigate"];
type Filters = Omit<BookFilters, "page">;

/** All books (searched, filtered, paged), each with its tools, and the new-book form. */
export function BookList({ t, navigate }: { t: Translate; navigate: Navigate }) {
  const [filters, setFilters] = useState<Filters>({ q: "", status: "", lang: "" });
  const state = useListState();
  const list = useBookPage({ ...filters, q: useSettled(filters.q, 200), page: state.page });
  const filter = (name: keyof Filters, value: string) => {
    setFilters((f) => ({ ...f, [name]: value }));
    state.setPage(1);
  };
  return (
    <div className="bms-content bms-books">
      <ListSection
        t={t}
        words={{
          title: t("bmsBooks.list"),
          total: (total) => t("bmsBooks.total", { total }),
          loading: t("bmsBooks.loading"),
          failed: t("bmsBooks.failed"),
          empty: t("bmsBooks.empty"),
        }}
        query={list}
        state={state}
        pageSize={PAGE_SIZE}
        filters={<BookFilterFields t={t} filters={filters} onChange={filter} />}
        item={(book) => (
          <BookItem
            key={book.id}
            t={t}
            book={book}
            navigate={navigate}
            onDone={state.report}
            onDeleted={() => state.deleted(t("bmsBooks.deleted"))}
          />
        )}
      />
      <BookForm t={t} onDone={(message) => state.report(true, message)} />
    </div>
  );
}

/** The search box and the status and language filters above the list. */
function BookFilterFields({
  t,
  filters,
  onChange,
}: {
  t: Translate;
  filters: Filters;
  onChange: (name: keyof Filters, value: string) => void;
}) {
  const id = useId();
  // Books say "status" and "any" in the notes' words.
  return (
    <search className="bms-filters" aria-label={t("bmsBooks.filters")}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {t("bmsBooks.search")}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        className="field-input bms-search"
        placeholder={t("bmsBooks.search")}
        value={filters.q}
        maxLength={CONTENT_LIMITS.q}
        onChange={(e) => onChange("q", e.target.value)}
      />
      <FilterSelect
        id={`${id}-status`}
        label={t("bmsNotes.status")}
        any={t("bmsNotes.any")}
        value={filters.status}
        options={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`bmsNotes.statuses.${s}`) }))}
        onChange={(v) => onChange("status", v)}
      />
      <FilterSelect
        id={`${id}-lang`}
        label={t("bmsBooks.language")}
        any={t("bmsNotes.any")}
        value={filters.lang}
        options={CONTENT_LANGS.map((l) => ({ value: l, label: t(`bmsNotes.languages.${l}`) }))}
        onChange={(v) => onChange("lang", v)}
      />
    </search>
  );
}

function BookItem({
  t,
  book,
  navigate,
  onDone,
  onDeleted,
}: {
  t: Translate;
  book: BookRecord;
  navigate: Navigate;
  onDone: (ok: boolean, message: string) => void;
  onDeleted: () => void;
}) {
  const id = useId();
  const { editing, editButton, open, close } = useInlineEdit<true>();
  const publish = useBookPublisher(t);
  const remove = useDeleteBook();

  if (editing) {
    return (
      <li className="bms-item">
        <BookForm
          t={t}
          editing={book}
          onDone={(message) => {
            close();
            onDone(true, message);
          }}
          onCancel={close}
        />
      </li>
    );
  }

  const query = `book=${encodeURIComponent(book.id)}`;
  return (
    <li className="bms-item">
      <h3 id={`${id}-title`} lang={book.lang}>
        <a href={`/bms/book-doc?${query}`} onClick={inApp(() => navigate("book-doc", query))}>
          {book.title}
        </a>
      </h3>
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
          onDelete={async () => {
            try {
              await remove.mutateAsync(book.id);
              onDeleted();
              return true;
            } catch (error) {
              onDone(false, failureOf(t, error));
              return false;
            }
          }}
        />
      )}
    </li>
  );
}
