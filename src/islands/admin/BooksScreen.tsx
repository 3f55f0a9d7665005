import { type SubmitEvent, useId } from "react";
import type { Translate } from "../../i18n/core.ts";
import { api } from "../../shared/api-client.ts";
import { type BookRecord, CONTENT_LIMITS, isImageSrc, SLUG } from "../../shared/content-rules.ts";
import { $locale } from "../../stores/locale.ts";
import { FormStatus } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { BookDetail } from "./BookChapters.tsx";
import {
  BookFacts,
  BookFiles,
  type Navigate,
  orderProblem,
  publishBook,
  serverField,
  slugProblem,
  TitleAndSlug,
  titleProblem,
} from "./book-parts.tsx";
import { call, failureText, itemPath } from "./content/api-call.ts";
import { DraftOrSaveButtons, LangField, OrderField } from "./content/fields.tsx";
import { type Problems, submitterValue, useContentForm } from "./content/form.ts";
import { ItemActions, PUBLISH_LABELS, useInlineEdit } from "./content/ItemActions.tsx";
import { inApp } from "./content/in-app.ts";
import { ContentSection, useContentList } from "./content/list.tsx";
import type { ScreenProps } from "./screen-props.ts";
import "./content/content.css";

/** Books and, with `?book=<id>`, one book's chapters. */
export function BooksScreen({ t, search, navigate }: ScreenProps) {
  const bookId = new URLSearchParams(search).get("book");
  return bookId ? (
    <BookDetail key={bookId} t={t} bookId={bookId} navigate={navigate} />
  ) : (
    <BookList t={t} navigate={navigate} />
  );
}

function BookList({ t, navigate }: { t: Translate; navigate: Navigate }) {
  const list = useContentList<BookRecord>("/admin/books", { q: "", status: "", lang: "" });
  return (
    <div className="bms-content bms-books">
      <ContentSection
        t={t}
        ns="bmsBooks"
        list={list}
        filters
        item={(book) => (
          <BookItem
            key={book.id}
            t={t}
            book={book}
            navigate={navigate}
            onDone={list.report}
            onDeleted={() => list.deleted(t("bmsBooks.deleted"))}
          />
        )}
      />
      <BookForm t={t} onDone={(message) => list.report(true, message)} />
    </div>
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

  return (
    <li className="bms-item">
      <h3 id={`${id}-title`} lang={book.lang}>
        <a
          href={`/bms/book-doc?book=${encodeURIComponent(book.id)}`}
          onClick={inApp(() => navigate("book-doc", `book=${encodeURIComponent(book.id)}`))}
        >
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
              const r = await publishBook(t, book, action);
              onDone(r.ok, r.message);
              return r.ok;
            },
          }}
          question={t("bmsBooks.askDelete", { title: book.title })}
          onDelete={async () => {
            const result = await call(api.delete(itemPath("books", book.id)));
            if (result.ok) onDeleted();
            else onDone(false, failureText(t, result));
            return result.ok;
          }}
        />
      )}
    </li>
  );
}

interface BookValues {
  title: string;
  slug: string;
  description: string;
  lang: BookRecord["lang"];
  cover: string;
  order: string;
  translationKey: string;
  slugTouched: boolean;
}

const BOOK_ORDER = ["title", "slug", "description", "lang", "cover", "order", "translationKey"];

/** The API's book rules, in the browser. */
export function checkBook(v: BookValues): Problems {
  const description = v.description.trim();
  return {
    title: titleProblem(v.title),
    slug: slugProblem(v.slug),
    description: !description
      ? "bmsBooks.problems.descriptionRequired"
      : description.length > CONTENT_LIMITS.description
        ? "bmsBooks.problems.descriptionTooLong"
        : undefined,
    cover:
      v.cover.trim() && !isImageSrc(v.cover.trim()) ? "bmsBooks.problems.coverInvalid" : undefined,
    order: orderProblem(v.order),
    translationKey:
      v.translationKey.trim() &&
      (!SLUG.test(v.translationKey.trim()) || v.translationKey.trim().length > CONTENT_LIMITS.slug)
        ? "bmsBooks.problems.translationKeyInvalid"
        : undefined,
  };
}

const blankBook = (): BookValues => ({
  title: "",
  slug: "",
  description: "",
  lang: $locale.get(),
  cover: "",
  order: "0",
  translationKey: "",
  slugTouched: false,
});

function BookForm({
  t,
  editing,
  onDone,
  onCancel,
}: {
  t: Translate;
  editing?: BookRecord;
  onDone: (message: string) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const state = useContentForm<BookValues>(t, () =>
    editing
      ? {
          title: editing.title,
          slug: editing.slug,
          description: editing.description,
          lang: editing.lang,
          cover: editing.cover,
          order: String(editing.order),
          translationKey: editing.translationKey ?? "",
          slugTouched: true,
        }
      : blankBook(),
  );
  const { values, set } = state;
  const problems = checkBook(values);
  const error = state.errorOf(problems);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const publish = submitterValue(event) === "publish";
    if (state.stopped(form, BOOK_ORDER, problems)) return;
    const body = {
      title: values.title.trim(),
      slug: values.slug.trim(),
      description: values.description.trim(),
      lang: values.lang,
      cover: values.cover.trim(),
      order: Number(values.order.trim()),
      translationKey: values.translationKey.trim() || null,
    };
    state.setBusy(true);
    const result = editing
      ? await call(api.put<BookRecord>(itemPath("books", editing.id), body))
      : await call(
          api.post<BookRecord>("/admin/books", {
            ...body,
            status: publish ? "published" : "draft",
          }),
        );
    state.setBusy(false);
    if (!result.ok) return state.failed(form, BOOK_ORDER, serverField(result), result);
    if (editing) {
      onDone(t(result.data.status === "draft" ? "bmsNotes.saved" : "bmsNotes.savedLive"));
      return;
    }
    state.setValues(blankBook());
    state.setShown(false);
    onDone(t(publish ? "bmsBooks.createdLive" : "bmsBooks.created"));
  }

  const Heading = editing ? "h3" : "h2";
  return (
    <form
      className="bms-compose"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
    >
      <Heading id={`${id}-title`}>{t(editing ? "bmsBooks.editBook" : "bmsBooks.newBook")}</Heading>
      <TitleAndSlug t={t} id={id} values={values} set={set} error={error} />
      <TextField
        id={`${id}-description`}
        name="description"
        label={t("bmsBooks.description")}
        value={values.description}
        onChange={(description) => set({ description })}
        maxLength={CONTENT_LIMITS.description}
        multiline
        counter={`${values.description.length} / ${CONTENT_LIMITS.description}`}
        error={error("description")}
      />
      <div className="bms-row">
        <LangField
          t={t}
          id={`${id}-lang`}
          label={t("bmsBooks.language")}
          value={values.lang}
          onChange={(lang) => set({ lang })}
        />
        <OrderField
          id={`${id}-order`}
          label={t("bmsBooks.order")}
          hint={t("bmsBooks.orderHint")}
          value={values.order}
          onChange={(order) => set({ order })}
          error={error("order")}
        />
      </div>
      <TextField
        id={`${id}-cover`}
        name="cover"
        label={t("bmsBooks.cover")}
        hint={t("bmsBooks.coverHint")}
        value={values.cover}
        inputMode="url"
        onChange={(cover) => set({ cover })}
        maxLength={CONTENT_LIMITS.url}
        error={error("cover")}
      />
      <TextField
        id={`${id}-key`}
        name="translationKey"
        label={t("bmsBooks.translationKey")}
        hint={t("bmsBooks.translationKeyHint")}
        value={values.translationKey}
        onChange={(translationKey) => set({ translationKey })}
        maxLength={CONTENT_LIMITS.slug}
        autoComplete="off"
        error={error("translationKey")}
      />
      <FormStatus note={state.busy ? t("bmsNotes.saving") : ""} failure={state.failure} />
      <DraftOrSaveButtons
        t={t}
        editing={Boolean(editing)}
        busy={state.busy}
        draftLabel={t("bmsNotes.saveDraft")}
        publishLabel={t("bmsNotes.publishNow")}
        onCancel={onCancel}
      />
    </form>
  );
}
