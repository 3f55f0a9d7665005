import { useEffect, useId, useRef, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { PUBLISH_LABELS, PublishButtons } from "../app/content/ItemActions.tsx";
import { inApp } from "../app/content/in-app.ts";
import type { ScreenProps } from "../screen-props.ts";
import { Chapters } from "./Chapters.tsx";
import { BookFacts, BookFiles, useBookPublisher } from "./parts.tsx";
import { useBook } from "./queries.ts";

/** One book (`?book=<id>`): its facts, Publish or Unpublish, and its chapters. */
export function BookPage({
  t,
  bookId,
  navigate,
}: {
  t: Translate;
  bookId: string;
  navigate: ScreenProps["navigate"];
}) {
  const id = useId();
  const query = useBook(bookId);
  const publish = useBookPublisher(t);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const actions = useRef<HTMLDivElement>(null);
  /** After publishing or unpublishing, focus goes to the button that replaced the one pressed. */
  const [refocus, setRefocus] = useState(false);

  useEffect(() => {
    if (!refocus) return;
    setRefocus(false);
    actions.current?.querySelector("button")?.focus();
  }, [refocus]);

  const book = query.isError ? null : (query.data ?? null);
  return (
    <div className="bms-content bms-book">
      <p>
        <a href="/bms/book-doc" onClick={inApp(() => navigate("book-doc"))}>
          ← {t("bmsBooks.backToBooks")}
        </a>
      </p>
      {query.isPending && (
        <p role="status" className="form-note">
          {t("bmsBooks.loading")}
        </p>
      )}
      {query.isError && (
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
                  // The book's query holds the new status once this resolves.
                  const outcome = await publish(book, action);
                  setNote(outcome.ok ? outcome.message : "");
                  setFailure(outcome.ok ? "" : outcome.message);
                  setRefocus(outcome.ok);
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
