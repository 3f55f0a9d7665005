import { type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import { api } from "../../shared/api-client.ts";
import type { Page } from "../../shared/auth.ts";
import {
  type BookRecord,
  type ChapterListItem,
  type ChapterRecord,
  CONTENT_LIMITS,
} from "../../shared/content-rules.ts";
import { FormStatus } from "../ui/FormStatus.tsx";
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
import { DraftOrSaveButtons, OrderField } from "./content/fields.tsx";
import { type Problems, submitterValue, useContentForm } from "./content/form.ts";
import {
  ItemActions,
  PUBLISH_LABELS,
  PublishButtons,
  useInlineEdit,
} from "./content/ItemActions.tsx";
import { inApp } from "./content/in-app.ts";
import { MarkdownField } from "./content/MarkdownField.tsx";
import { StatusBadge } from "./content/StatusBadge.tsx";
import "./content/content.css";

// One book and its chapters.

type BookLoad = { state: "loading" } | { state: "failed" } | { state: "ready"; book: BookRecord };

export function BookDetail({
  t,
  bookId,
  navigate,
}: {
  t: Translate;
  bookId: string;
  navigate: Navigate;
}) {
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

  const book = load.state === "ready" ? load.book : null;
  return (
    <div className="bms-content bms-book">
      <p>
        <a href="/bms/book-doc" onClick={inApp(() => navigate("book-doc"))}>
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
            <BookFiles t={t} book={book} />
          ) : (
            <div className="bms-actions" ref={actions}>
              <PublishButtons
                t={t}
                status={book.status}
                labels={PUBLISH_LABELS}
                primary
                onAct={async (action) => {
                  const r = await publishBook(t, book, action);
                  setNote(r.ok ? r.message : "");
                  setFailure(r.ok ? "" : r.message);
                  if (r.ok) {
                    refocus.current = true;
                    setVersion((v) => v + 1);
                  }
                }}
              />
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
  const { editing, editButton, open, close } = useInlineEdit<ChapterRecord>();
  const [failure, setFailure] = useState("");
  const Heading = level === 3 ? "h3" : "h4";

  async function openEditor() {
    setFailure("");
    const result = await call(api.get<ChapterRecord>(itemPath("chapters", chapter.id)));
    if (result.ok) open(result.data);
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
        <ItemActions
          t={t}
          describedBy={`${id}-title`}
          editLabel={t("bmsNotes.edit")}
          editRef={editButton}
          onEdit={() => void openEditor()}
          question={t("bmsBooks.askDeleteChapter", { title: chapter.title })}
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
        >
          {/* One toggle (chapters are never scheduled): focus stays on it as its label turns. */}
          <button
            type="button"
            className="button"
            aria-describedby={`${id}-title`}
            onClick={() => void act(chapter.status === "draft" ? "publish" : "unpublish")}
          >
            {t(chapter.status === "draft" ? "bmsNotes.publish" : "bmsNotes.unpublish")}
          </button>
          {[
            { by: -1 as const, key: "bmsBooks.moveUp" as const, button: upId, other: downId },
            { by: 1 as const, key: "bmsBooks.moveDown" as const, button: downId, other: upId },
          ].map((m) => (
            <button
              key={m.key}
              id={m.button}
              type="button"
              className="button"
              disabled={m.by === -1 ? first : last}
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

interface ChapterValues {
  title: string;
  slug: string;
  slugTouched: boolean;
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
    order: orderProblem(v.order),
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
    slugTouched: false,
    parentId: "",
    order: String(nextOrder?.(null) ?? 1),
    body: "",
  });
  const state = useContentForm<ChapterValues>(t, () =>
    editing
      ? {
          title: editing.title,
          slug: editing.slug,
          slugTouched: true,
          parentId: editing.parentId ?? "",
          order: String(editing.order),
          body: editing.body,
        }
      : blank(),
  );
  const { values, set, setValues } = state;
  const [orderTouched, setOrderTouched] = useState(Boolean(editing));
  const problems = checkChapter(values);
  const error = state.errorOf(problems);
  const parents = tops.filter((c) => c.id !== editing?.id && !c.readOnly);

  // The suggested order follows the list: after an add, the next one goes last again.
  const suggested = nextOrder?.(values.parentId || null);
  useEffect(() => {
    if (!orderTouched && suggested !== undefined) {
      setValues((v) => ({ ...v, order: String(suggested) }));
    }
  }, [suggested, orderTouched, setValues]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const publish = submitterValue(event) === "publish";
    if (state.stopped(form, CHAPTER_ORDER, problems)) return;
    const body = {
      title: values.title.trim(),
      slug: values.slug.trim(),
      parentId: values.parentId || null,
      order: Number(values.order.trim()),
      body: values.body,
    };
    state.setBusy(true);
    const result = editing
      ? await call(api.put<ChapterRecord>(itemPath("chapters", editing.id), body))
      : await call(
          api.post<ChapterRecord>("/admin/chapters", {
            ...body,
            bookId,
            status: publish ? "published" : "draft",
          }),
        );
    state.setBusy(false);
    if (!result.ok) return state.failed(form, CHAPTER_ORDER, serverField(result), result);
    if (!editing) {
      setValues(blank());
      setOrderTouched(false);
      state.setShown(false);
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
      <TitleAndSlug t={t} id={id} values={values} set={set} error={error} />
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
        <OrderField
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
      <FormStatus note={state.busy ? t("bmsNotes.saving") : ""} failure={state.failure} />
      <DraftOrSaveButtons
        t={t}
        editing={Boolean(editing)}
        busy={state.busy}
        draftLabel={t("bmsBooks.addDraft")}
        publishLabel={t("bmsBooks.addPublished")}
        onCancel={onCancel}
      />
    </form>
  );
}
