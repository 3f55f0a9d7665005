import { type MouseEvent, type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import type { MessageKey, Translate } from "../../i18n/core.ts";
import { api } from "../../shared/api-client.ts";
import type { Page } from "../../shared/auth.ts";
import {
  type BookRecord,
  type ChapterListItem,
  type ChapterRecord,
  CONTENT_LANGS,
  CONTENT_LIMITS,
  CONTENT_STATUSES,
  type ContentLang,
  isImageSrc,
  SLUG,
} from "../../shared/content-rules.ts";
import { $locale } from "../../stores/locale.ts";
import { FormStatus, focusFirstProblem } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { call, itemPath, type Outcome } from "./content/api-call.ts";
import { DeleteControl } from "./content/DeleteControl.tsx";
import { useLastPage } from "./content/last-page.ts";
import { MarkdownField } from "./content/MarkdownField.tsx";
import { StatusBadge } from "./content/StatusBadge.tsx";
import { suggestSlug } from "./content/slug.ts";
import { FilterSelect, Pager, usePagedList } from "./paged.tsx";
import type { ScreenProps } from "./screens.ts";
import "./content/content.css";

const PAGE_SIZE = 20;
type Problems = Record<string, MessageKey | undefined>;
type Navigate = ScreenProps["navigate"];

/** Books and, with `?book=<id>`, one book's chapters. */
export function BooksScreen({ t, search, navigate }: ScreenProps) {
  const bookId = new URLSearchParams(search).get("book");
  return bookId ? (
    <BookDetail key={bookId} t={t} bookId={bookId} navigate={navigate} />
  ) : (
    <BookList t={t} navigate={navigate} />
  );
}

/** A message for a failed call: the 409 or 400 text the server wrote, in a sentence of ours. */
const failureText = (t: Translate, result: { message: string }) =>
  t("bmsContent.failure", { message: result.message });

/** Shows server problems on their fields: a 400's named field, or a 409 about the slug. */
function serverField(result: Extract<Outcome<unknown>, { ok: false }>): string | null {
  if (result.field) return result.field;
  return result.code === 409 && /^Slug /.test(result.message) ? "slug" : null;
}

// --- Books -----------------------------------------------------------------------------------

function BookList({ t, navigate }: { t: Translate; navigate: Navigate }) {
  const id = useId();
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("");
  const [lang, setLang] = useState("");
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const listHeading = useRef<HTMLHeadingElement>(null);
  const { page, setPage, load, reload } = usePagedList<BookRecord>(
    "/admin/books",
    { q, status, lang },
    PAGE_SIZE,
    200,
  );
  const view = useLastPage(load);

  function report(ok: boolean, message: string) {
    setNote(ok ? message : "");
    setFailure(ok ? "" : message);
    if (ok) reload();
  }
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  return (
    <div className="bms-content bms-books">
      <section aria-labelledby={`${id}-list`}>
        <div className="bms-list-head">
          <h2 id={`${id}-list`} ref={listHeading} tabIndex={-1}>
            {t("bmsBooks.list")}
          </h2>
          {view && <p>{t("bmsBooks.total", { total: view.total })}</p>}
        </div>
        <search className="bms-filters" aria-label={t("bmsBooks.filters")}>
          <label htmlFor={`${id}-q`} className="visually-hidden">
            {t("bmsBooks.search")}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="field-input bms-search"
            placeholder={t("bmsBooks.search")}
            value={q}
            maxLength={CONTENT_LIMITS.q}
            onChange={(e) => filter(setQ)(e.target.value)}
          />
          <FilterSelect
            id={`${id}-status`}
            label={t("bmsNotes.status")}
            any={t("bmsNotes.any")}
            value={status}
            options={CONTENT_STATUSES.map((s) => ({
              value: s,
              label: t(`bmsNotes.statuses.${s}`),
            }))}
            onChange={filter(setStatus)}
          />
          <FilterSelect
            id={`${id}-lang`}
            label={t("bmsBooks.language")}
            any={t("bmsNotes.any")}
            value={lang}
            options={CONTENT_LANGS.map((l) => ({ value: l, label: t(`bmsNotes.languages.${l}`) }))}
            onChange={filter(setLang)}
          />
        </search>
        <FormStatus
          note={load.state === "loading" ? t("bmsBooks.loading") : note}
          failure={load.state === "failed" ? t("bmsBooks.failed") : failure}
        />
        {view && view.items.length === 0 && <p>{t("bmsBooks.empty")}</p>}
        {view && view.items.length > 0 && (
          <ul className="bms-items" aria-busy={load.state === "loading"}>
            {view.items.map((book) => (
              <BookItem
                key={book.id}
                t={t}
                book={book}
                navigate={navigate}
                onDone={report}
                onDeleted={() => {
                  report(true, t("bmsBooks.deleted"));
                  listHeading.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
        {view && (
          <Pager
            t={t}
            page={page}
            pages={Math.max(1, Math.ceil(view.total / PAGE_SIZE))}
            total={view.total}
            onPage={setPage}
          />
        )}
      </section>
      <BookForm t={t} onDone={(message) => report(true, message)} />
    </div>
  );
}

/** Publish or unpublish a book; the outcome as the list's message. */
async function publishBook(t: Translate, book: BookRecord, action: "publish" | "unpublish") {
  const result = await call(
    api.post<BookRecord>(itemPath("books", book.id, action), action === "publish" ? {} : undefined),
  );
  const message = result.ok
    ? t(action === "publish" ? "bmsNotes.published" : "bmsNotes.unpublished")
    : failureText(t, result);
  return { ok: result.ok, message };
}

function bookHref(book: BookRecord) {
  return `/bms/book-doc?book=${encodeURIComponent(book.id)}`;
}

function BookFacts({ t, book }: { t: Translate; book: BookRecord }) {
  return (
    <ul className="bms-facts">
      <li>
        <StatusBadge t={t} status={book.status} publishedAt={book.publishedAt} />
      </li>
      <li>
        <code>{book.slug}</code>
      </li>
      <li>{t(`bmsNotes.languages.${book.lang}`)}</li>
      <li>{t("bmsContent.sourceValue", { source: t(`bmsNotes.sources.${book.source}`) })}</li>
      <li>{t("bmsBooks.orderValue", { order: book.order })}</li>
    </ul>
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
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const backToEdit = useRef(false);

  useEffect(() => {
    if (!editing && backToEdit.current) {
      backToEdit.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    backToEdit.current = true;
    setEditing(false);
  };

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

  function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate("book-doc", `book=${encodeURIComponent(book.id)}`);
  }

  return (
    <li className="bms-item">
      <h3 id={`${id}-title`} lang={book.lang}>
        <a href={bookHref(book)} onClick={open}>
          {book.title}
        </a>
      </h3>
      <BookFacts t={t} book={book} />
      {book.readOnly ? (
        <p className="bms-file">{t("bmsBooks.inFiles", { file: book.file ?? "content/books/" })}</p>
      ) : (
        <div className="bms-actions">
          <button
            ref={editButton}
            type="button"
            className="button"
            aria-describedby={`${id}-title`}
            onClick={() => setEditing(true)}
          >
            {t("bmsNotes.edit")}
          </button>
          {book.status !== "published" && (
            <button
              type="button"
              className="button"
              aria-describedby={`${id}-title`}
              onClick={async () => {
                const r = await publishBook(t, book, "publish");
                onDone(r.ok, r.message);
                if (r.ok) editButton.current?.focus();
              }}
            >
              {t(book.status === "scheduled" ? "bmsNotes.publishNow" : "bmsNotes.publish")}
            </button>
          )}
          {book.status !== "draft" && (
            <button
              type="button"
              className="button"
              aria-describedby={`${id}-title`}
              onClick={async () => {
                const r = await publishBook(t, book, "unpublish");
                onDone(r.ok, r.message);
                if (r.ok) editButton.current?.focus();
              }}
            >
              {t("bmsNotes.unpublish")}
            </button>
          )}
          <DeleteControl
            t={t}
            question={t("bmsBooks.askDelete", { title: book.title })}
            describedBy={`${id}-title`}
            onDelete={async () => {
              const result = await call(api.delete(itemPath("books", book.id)));
              if (result.ok) onDeleted();
              else onDone(false, failureText(t, result));
              return result.ok;
            }}
          />
        </div>
      )}
    </li>
  );
}

interface BookValues {
  title: string;
  slug: string;
  description: string;
  lang: ContentLang;
  cover: string;
  order: string;
  translationKey: string;
}

const BOOK_ORDER = ["title", "slug", "description", "lang", "cover", "order", "translationKey"];

/** A whole number within the API's bounds, typed as text. */
function orderProblem(order: string): boolean {
  const n = Number(order.trim());
  return order.trim() === "" || !Number.isInteger(n) || Math.abs(n) > CONTENT_LIMITS.order;
}

function slugProblem(slug: string): MessageKey | undefined {
  if (!slug.trim()) return "bmsBooks.problems.slugRequired";
  if (slug.length > CONTENT_LIMITS.slug || !SLUG.test(slug)) return "bmsBooks.problems.slugInvalid";
  return undefined;
}

function titleProblem(title: string): MessageKey | undefined {
  if (!title.trim()) return "bmsBooks.problems.titleRequired";
  if (title.trim().length > CONTENT_LIMITS.title) return "bmsBooks.problems.titleTooLong";
  return undefined;
}

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
    order: orderProblem(v.order) ? "bmsBooks.problems.orderInvalid" : undefined,
    translationKey:
      v.translationKey.trim() &&
      (!SLUG.test(v.translationKey.trim()) || v.translationKey.trim().length > CONTENT_LIMITS.slug)
        ? "bmsBooks.problems.translationKeyInvalid"
        : undefined,
  };
}

const hasProblem = (problems: Problems) => Object.values(problems).some(Boolean);

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
  const blank = (): BookValues => ({
    title: "",
    slug: "",
    description: "",
    lang: $locale.get(),
    cover: "",
    order: "0",
    translationKey: "",
  });
  const [values, setValues] = useState<BookValues>(() =>
    editing
      ? {
          title: editing.title,
          slug: editing.slug,
          description: editing.description,
          lang: editing.lang,
          cover: editing.cover,
          order: String(editing.order),
          translationKey: editing.translationKey ?? "",
        }
      : blank(),
  );
  const [slugTouched, setSlugTouched] = useState(Boolean(editing));
  const [shown, setShown] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const problems = checkBook(values);

  const set = (changes: Partial<BookValues>) => {
    setValues((v) => ({ ...v, ...changes }));
    setServer({});
  };
  const error = (name: string) => {
    const key = shown ? problems[name] : undefined;
    return key ? t(key) : server[name];
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as unknown as { submitter?: HTMLButtonElement }).submitter;
    const publish = submitter?.value === "publish";
    setShown(true);
    setFailure("");
    setServer({});
    if (focusFirstProblem(form, BOOK_ORDER, problems)) {
      setFailure(t("bmsContent.checkFields"));
      return;
    }
    const body = {
      title: values.title.trim(),
      slug: values.slug.trim(),
      description: values.description.trim(),
      lang: values.lang,
      cover: values.cover.trim(),
      order: Number(values.order.trim()),
      translationKey: values.translationKey.trim() || null,
    };
    setBusy(true);
    const result = editing
      ? await call(api.put<BookRecord>(itemPath("books", editing.id), body))
      : await call(
          api.post<BookRecord>("/admin/books", {
            ...body,
            status: publish ? "published" : "draft",
          }),
        );
    setBusy(false);
    if (!result.ok) {
      const field = serverField(result);
      if (field && BOOK_ORDER.includes(field)) {
        setServer({ [field]: result.message });
        form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      }
      setFailure(failureText(t, result));
      return;
    }
    if (editing) {
      onDone(t(result.data.status === "draft" ? "bmsNotes.saved" : "bmsNotes.savedLive"));
      return;
    }
    setValues(blank());
    setSlugTouched(false);
    setShown(false);
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
      <TextField
        id={`${id}-name`}
        name="title"
        label={t("bmsBooks.title")}
        value={values.title}
        onChange={(title) => set(slugTouched ? { title } : { title, slug: suggestSlug(title) })}
        maxLength={CONTENT_LIMITS.title}
        error={error("title")}
      />
      <TextField
        id={`${id}-slug`}
        name="slug"
        label={t("bmsBooks.slug")}
        hint={t("bmsBooks.slugHint")}
        value={values.slug}
        onChange={(slug) => {
          setSlugTouched(true);
          set({ slug });
        }}
        maxLength={CONTENT_LIMITS.slug}
        autoComplete="off"
        error={error("slug")}
      />
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
        <div className="field">
          <label htmlFor={`${id}-lang`} className="field-label">
            {t("bmsBooks.language")}
          </label>
          <select
            id={`${id}-lang`}
            name="lang"
            value={values.lang}
            onChange={(e) =>
              set({ lang: CONTENT_LANGS.find((l) => l === e.target.value) ?? "zh-CN" })
            }
          >
            {CONTENT_LANGS.map((l) => (
              <option key={l} value={l}>
                {t(`bmsNotes.languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <NumberField
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
      <FormStatus note={busy ? t("bmsNotes.saving") : ""} failure={failure} />
      <div className="bms-actions">
        {editing ? (
          <>
            <button type="submit" className="button button-primary" disabled={busy}>
              {t("bmsNotes.saveChanges")}
            </button>
            <button type="button" className="button" onClick={onCancel}>
              {t("bmsNotes.cancel")}
            </button>
          </>
        ) : (
          <>
            <button type="submit" name="action" value="draft" className="button" disabled={busy}>
              {t("bmsNotes.saveDraft")}
            </button>
            <button
              type="submit"
              name="action"
              value="publish"
              className="button button-primary"
              disabled={busy}
            >
              {t("bmsNotes.publishNow")}
            </button>
          </>
        )}
      </div>
    </form>
  );
}

/** A whole number typed as text (the order of a book or chapter), with its hint and error. */
function NumberField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const { id, error } = props;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {props.label}
      </label>
      <input
        id={id}
        name="order"
        type="number"
        step={1}
        min={-CONTENT_LIMITS.order}
        max={CONTENT_LIMITS.order}
        className="field-input"
        value={props.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <span id={`${id}-hint`} className="field-hint">
        {props.hint}
      </span>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

// --- One book and its chapters ---------------------------------------------------------------

type BookLoad = { state: "loading" } | { state: "failed" } | { state: "ready"; book: BookRecord };

function BookDetail({ t, bookId, navigate }: { t: Translate; bookId: string; navigate: Navigate }) {
  const id = useId();
  const [load, setLoad] = useState<BookLoad>({ state: "loading" });
  const [version, setVersion] = useState(0);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const actions = useRef<HTMLDivElement>(null);
  /** After publishing or unpublishing, focus goes to the button that replaced the one pressed. */
  const refocus = useRef(false);

  useEffect(() => {
    if (load.state === "ready" && refocus.current) {
      refocus.current = false;
      actions.current?.querySelector("button")?.focus();
    }
  }, [load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads after a change
  useEffect(() => {
    let live = true;
    void call(api.get<BookRecord>(itemPath("books", bookId))).then((result) => {
      if (!live) return;
      setLoad(result.ok ? { state: "ready", book: result.data } : { state: "failed" });
    });
    return () => {
      live = false;
    };
  }, [bookId, version]);

  function back(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate("book-doc");
  }

  const book = load.state === "ready" ? load.book : null;
  return (
    <div className="bms-content bms-book">
      <p>
        <a href="/bms/book-doc" onClick={back}>
          ← {t("bmsBooks.backToBooks")}
        </a>
      </p>
      {load.state === "loading" && (
        <p role="status" className="form-note">
          {t("bmsBooks.loading")}
        </p>
      )}
      {load.state === "failed" && (
        <p role="alert" className="form-failure">
          {t("bmsBooks.bookNotFound")}
        </p>
      )}
      {book && (
        <section className="bms-book-head" aria-labelledby={`${id}-book`}>
          <h2 id={`${id}-book`} lang={book.lang}>
            {t("bmsBooks.openBook", { title: book.title })}
          </h2>
          <p className="bms-excerpt" lang={book.lang}>
            {book.description}
          </p>
          <BookFacts t={t} book={book} />
          {book.readOnly ? (
            <p className="bms-file">
              {t("bmsBooks.inFiles", { file: book.file ?? "content/books/" })}
            </p>
          ) : (
            <div className="bms-actions" ref={actions}>
              {(book.status === "draft"
                ? ["publish"]
                : book.status === "scheduled"
                  ? ["publish", "unpublish"]
                  : ["unpublish"]
              ).map((action) => (
                <button
                  key={action}
                  type="button"
                  className={action === "publish" ? "button button-primary" : "button"}
                  onClick={async () => {
                    const r = await publishBook(
                      t,
                      book,
                      action === "publish" ? "publish" : "unpublish",
                    );
                    setNote(r.ok ? r.message : "");
                    setFailure(r.ok ? "" : r.message);
                    if (r.ok) {
                      refocus.current = true;
                      setVersion((v) => v + 1);
                    }
                  }}
                >
                  {t(
                    action === "unpublish"
                      ? "bmsNotes.unpublish"
                      : book.status === "scheduled"
                        ? "bmsNotes.publishNow"
                        : "bmsNotes.publish",
                  )}
                </button>
              ))}
            </div>
          )}
          <FormStatus note={note} failure={failure} />
        </section>
      )}
      {book && <Chapters t={t} book={book} />}
    </div>
  );
}

type ChapterLoad =
  | { state: "loading"; items: ChapterListItem[] | null }
  | { state: "failed" }
  | { state: "ready"; items: ChapterListItem[]; version: number };

/** The book's chapters as a two-level tree in reading order, with their tools. */
function Chapters({ t, book }: { t: Translate; book: BookRecord }) {
  const id = useId();
  const [load, setLoad] = useState<ChapterLoad>({ state: "loading", items: null });
  const [version, setVersion] = useState(0);
  const [note, setNote] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  /** After a reload, the controls to focus again, the first enabled one (a moved chapter's). */
  const focusAfter = useRef<{ ids: string[]; version: number } | null>(null);

  // `version` reloads after a change.
  useEffect(() => {
    let live = true;
    setLoad((current) => ({
      state: "loading",
      items: current.state === "failed" ? null : current.items,
    }));
    void call(
      api.get<Page<ChapterListItem>>(
        `/admin/chapters?${new URLSearchParams({ book: book.id, pageSize: String(CONTENT_LIMITS.pageSize) })}`,
      ),
    ).then((result) => {
      if (!live) return;
      setLoad(
        result.ok ? { state: "ready", items: result.data.items, version } : { state: "failed" },
      );
    });
    return () => {
      live = false;
    };
  }, [book.id, version]);

  useEffect(() => {
    const wanted = focusAfter.current;
    // Only once the list asked for after the change has arrived (not the one still shown).
    if (load.state !== "ready" || !wanted || load.version < wanted.version) return;
    focusAfter.current = null;
    const target = wanted.ids
      .map((id) => document.getElementById(id))
      .find((el) => el instanceof HTMLButtonElement && !el.disabled);
    target?.focus();
  });

  const items = load.state === "failed" ? null : load.items;
  const tops = items?.filter((c) => c.parentId === null) ?? [];
  const childrenOf = (parent: string) => items?.filter((c) => c.parentId === parent) ?? [];

  function changed(message: string, focus: string[] = []) {
    setNote(message);
    focusAfter.current = focus.length ? { ids: focus, version: version + 1 } : null;
    setVersion((v) => v + 1);
  }

  /** Swaps a chapter with its neighbour among its siblings by rewriting their orders. */
  async function move(chapter: ChapterListItem, by: -1 | 1): Promise<string | null> {
    const siblings = chapter.parentId === null ? tops : childrenOf(chapter.parentId);
    const at = siblings.findIndex((c) => c.id === chapter.id);
    const other = siblings[at + by];
    if (!other) return null;
    const reordered = [...siblings];
    reordered[at] = other;
    reordered[at + by] = chapter;
    // Distinct orders are swapped; equal ones (or a tie elsewhere) get 1, 2, 3… in the new order.
    const distinct = new Set(siblings.map((c) => c.order)).size === siblings.length;
    const orders: Array<[ChapterListItem, number]> = distinct
      ? [
          [chapter, other.order],
          [other, chapter.order],
        ]
      : reordered
          .map((c, i): [ChapterListItem, number] => [c, i + 1])
          .filter(([c, o]) => c.order !== o);
    for (const [c, order] of orders) {
      const result = await call(api.put(itemPath("chapters", c.id), { order }));
      if (!result.ok) return failureText(t, result);
    }
    return null;
  }

  const nextOrder = (parentId: string | null) => {
    const siblings = parentId === null ? tops : childrenOf(parentId);
    return siblings.length ? Math.max(...siblings.map((c) => c.order)) + 1 : 1;
  };

  const row = (
    chapter: ChapterListItem,
    siblings: ChapterListItem[],
    index: number,
    level: 3 | 4,
  ) => (
    <ChapterRow
      t={t}
      chapter={chapter}
      level={level}
      tops={tops}
      hasChildren={childrenOf(chapter.id).length > 0}
      first={index === 0}
      last={index === siblings.length - 1}
      onChanged={changed}
      onMove={move}
      onDeleted={() => {
        changed(t("bmsBooks.chapterDeleted"));
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
          note={load.state === "loading" ? t("bmsBooks.chaptersLoading") : note}
          failure={load.state === "failed" ? t("bmsBooks.chaptersFailed") : ""}
        />
        {items && items.length === 0 && <p>{t("bmsBooks.noChapters")}</p>}
        {items && items.length > 0 && (
          <ol className="bms-tree" aria-busy={load.state === "loading"}>
            {tops.map((top, i) => {
              const children = childrenOf(top.id);
              return (
                <li key={top.id}>
                  {row(top, tops, i, 3)}
                  {children.length > 0 && (
                    <ol>
                      {children.map((child, j) => (
                        <li key={child.id}>{row(child, children, j, 4)}</li>
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
          tops={tops}
          nextOrder={nextOrder}
          onDone={(message) => changed(message)}
        />
      )}
    </>
  );
}

function ChapterRow({
  t,
  chapter,
  level,
  tops,
  hasChildren,
  first,
  last,
  onChanged,
  onMove,
  onDeleted,
}: {
  t: Translate;
  chapter: ChapterListItem;
  level: 3 | 4;
  tops: ChapterListItem[];
  hasChildren: boolean;
  first: boolean;
  last: boolean;
  onChanged: (message: string, focus?: string[]) => void;
  onMove: (chapter: ChapterListItem, by: -1 | 1) => Promise<string | null>;
  onDeleted: () => void;
}) {
  const id = useId();
  const [editing, setEditing] = useState<ChapterRecord | null>(null);
  const [failure, setFailure] = useState("");
  const editButton = useRef<HTMLButtonElement>(null);
  const backToEdit = useRef(false);
  const Heading = level === 3 ? "h3" : "h4";

  useEffect(() => {
    if (!editing && backToEdit.current) {
      backToEdit.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    backToEdit.current = true;
    setEditing(null);
  };

  async function openEditor() {
    setFailure("");
    const result = await call(api.get<ChapterRecord>(itemPath("chapters", chapter.id)));
    if (result.ok) setEditing(result.data);
    else setFailure(failureText(t, result));
  }

  async function act(action: "publish" | "unpublish") {
    setFailure("");
    const result = await call(
      api.post(itemPath("chapters", chapter.id, action), action === "publish" ? {} : undefined),
    );
    if (result.ok) {
      onChanged(
        t(action === "publish" ? "bmsBooks.chapterPublished" : "bmsBooks.chapterUnpublished"),
      );
    } else setFailure(failureText(t, result));
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
          onDone={(message) => {
            close();
            onChanged(message);
          }}
          onCancel={close}
        />
      </div>
    );
  }

  const upId = `${id}-up`;
  const downId = `${id}-down`;
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
        <div className="bms-actions">
          <button
            ref={editButton}
            type="button"
            className="button"
            aria-describedby={`${id}-title`}
            onClick={() => void openEditor()}
          >
            {t("bmsNotes.edit")}
          </button>
          <button
            type="button"
            className="button"
            aria-describedby={`${id}-title`}
            onClick={() => void act(chapter.status === "draft" ? "publish" : "unpublish")}
          >
            {t(chapter.status === "draft" ? "bmsNotes.publish" : "bmsNotes.unpublish")}
          </button>
          {[
            {
              by: -1 as const,
              key: "bmsBooks.moveUp" as const,
              button: upId,
              other: downId,
              disabled: first,
            },
            {
              by: 1 as const,
              key: "bmsBooks.moveDown" as const,
              button: downId,
              other: upId,
              disabled: last,
            },
          ].map((m) => (
            <button
              key={m.key}
              id={m.button}
              type="button"
              className="button"
              disabled={m.disabled}
              aria-describedby={`${id}-title`}
              onClick={async () => {
                setFailure("");
                const problem = await onMove(chapter, m.by);
                if (problem) setFailure(problem);
                // The moved chapter keeps its tools' ids (same component), so focus stays with
                // it: on the same button, or the other one when this end of the list is reached.
                else onChanged(t("bmsBooks.moved"), [m.button, m.other]);
              }}
            >
              {t(m.key)}
            </button>
          ))}
          <DeleteControl
            t={t}
            question={t("bmsBooks.askDeleteChapter", { title: chapter.title })}
            describedBy={`${id}-title`}
            onDelete={async () => {
              setFailure("");
              const result = await call(api.delete(itemPath("chapters", chapter.id)));
              if (result.ok) onDeleted();
              else {
                setFailure(
                  result.code === 409 && hasChildren
                    ? t("bmsBooks.hasChildren", { title: chapter.title })
                    : failureText(t, result),
                );
              }
              return result.ok;
            }}
          />
        </div>
      )}
      {failure && (
        <p role="alert" className="form-failure">
          {failure}
        </p>
      )}
    </article>
  );
}

interface ChapterValues {
  title: string;
  slug: string;
  parentId: string;
  order: string;
  body: string;
}

const CHAPTER_ORDER = ["title", "slug", "parentId", "order", "body"];

/** The API's chapter rules, in the browser. */
export function checkChapter(v: ChapterValues): Problems {
  return {
    title: titleProblem(v.title),
    slug: slugProblem(v.slug),
    order: orderProblem(v.order) ? "bmsBooks.problems.orderInvalid" : undefined,
    body: v.body.length > CONTENT_LIMITS.body ? "bmsBooks.problems.bodyTooLong" : undefined,
  };
}

function ChapterForm({
  t,
  bookId,
  tops,
  editing,
  hasChildren = false,
  nextOrder,
  onDone,
  onCancel,
}: {
  t: Translate;
  bookId: string;
  tops: ChapterListItem[];
  editing?: ChapterRecord;
  hasChildren?: boolean;
  nextOrder?: (parentId: string | null) => number;
  onDone: (message: string) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const blank = (): ChapterValues => ({
    title: "",
    slug: "",
    parentId: "",
    order: String(nextOrder?.(null) ?? 1),
    body: "",
  });
  const [values, setValues] = useState<ChapterValues>(() =>
    editing
      ? {
          title: editing.title,
          slug: editing.slug,
          parentId: editing.parentId ?? "",
          order: String(editing.order),
          body: editing.body,
        }
      : blank(),
  );
  const [slugTouched, setSlugTouched] = useState(Boolean(editing));
  const [orderTouched, setOrderTouched] = useState(Boolean(editing));
  const [shown, setShown] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const problems = checkChapter(values);
  const parents = tops.filter((c) => c.id !== editing?.id && !c.readOnly);

  // The suggested order follows the list: after an add, the next one goes last again.
  const suggested = nextOrder?.(values.parentId || null);
  useEffect(() => {
    if (!orderTouched && suggested !== undefined) {
      setValues((v) => ({ ...v, order: String(suggested) }));
    }
  }, [suggested, orderTouched]);

  const set = (changes: Partial<ChapterValues>) => {
    setValues((v) => ({ ...v, ...changes }));
    setServer({});
  };
  const error = (name: string) => {
    const key = shown ? problems[name] : undefined;
    return key ? t(key) : server[name];
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as unknown as { submitter?: HTMLButtonElement }).submitter;
    const publish = submitter?.value === "publish";
    setShown(true);
    setFailure("");
    setServer({});
    if (hasProblem(problems) && focusFirstProblem(form, CHAPTER_ORDER, problems)) {
      setFailure(t("bmsContent.checkFields"));
      return;
    }
    const body = {
      title: values.title.trim(),
      slug: values.slug.trim(),
      parentId: values.parentId || null,
      order: Number(values.order.trim()),
      body: values.body,
    };
    setBusy(true);
    const result = editing
      ? await call(api.put<ChapterRecord>(itemPath("chapters", editing.id), body))
      : await call(
          api.post<ChapterRecord>("/admin/chapters", {
            ...body,
            bookId,
            status: publish ? "published" : "draft",
          }),
        );
    setBusy(false);
    if (!result.ok) {
      const field = serverField(result);
      if (field && CHAPTER_ORDER.includes(field)) {
        setServer({ [field]: result.message });
        form.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      }
      setFailure(failureText(t, result));
      return;
    }
    if (!editing) {
      setValues(blank());
      setSlugTouched(false);
      setOrderTouched(false);
      setShown(false);
      form.querySelector<HTMLElement>('[name="title"]')?.focus();
    }
    onDone(
      t(
        editing
          ? "bmsNotes.saved"
          : publish
            ? "bmsBooks.chapterPublished"
            : "bmsBooks.chapterAdded",
      ),
    );
  }

  const Heading = editing ? "h3" : "h2";
  return (
    <form
      className="bms-compose"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
    >
      <Heading id={`${id}-title`}>
        {t(editing ? "bmsBooks.editChapter" : "bmsBooks.addChapter")}
      </Heading>
      <TextField
        id={`${id}-name`}
        name="title"
        label={t("bmsBooks.title")}
        value={values.title}
        onChange={(title) => set(slugTouched ? { title } : { title, slug: suggestSlug(title) })}
        maxLength={CONTENT_LIMITS.title}
        error={error("title")}
      />
      <TextField
        id={`${id}-slug`}
        name="slug"
        label={t("bmsBooks.slug")}
        hint={t("bmsBooks.slugHint")}
        value={values.slug}
        onChange={(slug) => {
          setSlugTouched(true);
          set({ slug });
        }}
        maxLength={CONTENT_LIMITS.slug}
        autoComplete="off"
        error={error("slug")}
      />
      <div className="bms-row">
        <div className="field">
          <label htmlFor={`${id}-parent`} className="field-label">
            {t("bmsBooks.parent")}
          </label>
          <select
            id={`${id}-parent`}
            name="parentId"
            value={values.parentId}
            disabled={hasChildren}
            aria-invalid={error("parentId") ? true : undefined}
            aria-describedby={error("parentId") ? `${id}-parent-error` : undefined}
            onChange={(e) => set({ parentId: e.target.value })}
          >
            <option value="">{t("bmsBooks.topLevel")}</option>
            {parents.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
          {error("parentId") && (
            <span id={`${id}-parent-error`} className="field-error">
              {error("parentId")}
            </span>
          )}
        </div>
        <NumberField
          id={`${id}-order`}
          label={t("bmsBooks.order")}
          hint={t("bmsBooks.orderHint")}
          value={values.order}
          onChange={(order) => {
            setOrderTouched(true);
            set({ order });
          }}
          error={error("order")}
        />
      </div>
      <MarkdownField
        t={t}
        id={`${id}-body`}
        name="body"
        label={t("bmsBooks.body")}
        value={values.body}
        onChange={(text) => set({ body: text })}
        max={CONTENT_LIMITS.body}
        error={error("body")}
        rows={editing ? 10 : 6}
      />
      <FormStatus note={busy ? t("bmsNotes.saving") : ""} failure={failure} />
      <div className="bms-actions">
        {editing ? (
          <>
            <button type="submit" className="button button-primary" disabled={busy}>
              {t("bmsNotes.saveChanges")}
            </button>
            <button type="button" className="button" onClick={onCancel}>
              {t("bmsNotes.cancel")}
            </button>
          </>
        ) : (
          <>
            <button type="submit" name="action" value="draft" className="button" disabled={busy}>
              {t("bmsBooks.addDraft")}
            </button>
            <button
              type="submit"
              name="action"
              value="publish"
              className="button button-primary"
              disabled={busy}
            >
              {t("bmsBooks.addPublished")}
            </button>
          </>
        )}
      </div>
    </form>
  );
}
