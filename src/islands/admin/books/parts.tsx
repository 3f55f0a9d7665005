import type { Translate } from "../../../i18n/core.ts";
import type { BookRecord } from "../../../shared/content.ts";
import type { PublishAction } from "../app/content/ItemActions.tsx";
import { StatusBadge } from "../app/content/StatusBadge.tsx";
import { failedCallText } from "../app/form.tsx";
import { usePublishBook } from "./queries.ts";

// What the book list and a book's page share.

/** Publishes or unpublishes a book; the outcome in words, for the screen's status line. */
export function useBookPublisher(t: Translate) {
  const publish = usePublishBook();
  return async (book: BookRecord, action: PublishAction) => {
    try {
      await publish.mutateAsync({ id: book.id, action });
      return {
        ok: true,
        message: t(action === "publish" ? "bmsNotes.published" : "bmsNotes.unpublished"),
      };
    } catch (error) {
      return { ok: false, message: failedCallText(t, error) };
    }
  };
}

export function BookFacts({ t, book }: { t: Translate; book: BookRecord }) {
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

/** Where a book's files are, for a book written in content/books/. */
export function BookFiles({ t, book }: { t: Translate; book: BookRecord }) {
  return (
    <p className="bms-file">{t("bmsBooks.inFiles", { file: book.file ?? "content/books/" })}</p>
  );
}
