import type { MessageKey, Translate } from "../../i18n/core.ts";
import { api } from "../../shared/api-client.ts";
import { type BookRecord, CONTENT_LIMITS, SLUG } from "../../shared/content-rules.ts";
import { TextField } from "../ui/TextField.tsx";
import { call, failureText, itemPath, type Outcome } from "./content/api-call.ts";
import { StatusBadge } from "./content/StatusBadge.tsx";
import { suggestSlug } from "./content/slug.ts";
import type { ScreenProps } from "./screen-props.ts";

/** The parts the book list and a book's page share. */

export type Navigate = ScreenProps["navigate"];

/** Shows server problems on their fields: the field a 400 or a 409 (a taken slug) names. */
export function serverField(result: Extract<Outcome<unknown>, { ok: false }>): string | null {
  return result.field;
}

/** A whole number within the API's bounds, typed as text. */
export function orderProblem(order: string): MessageKey | undefined {
  const n = Number(order.trim());
  return order.trim() === "" || !Number.isInteger(n) || Math.abs(n) > CONTENT_LIMITS.order
    ? "bmsBooks.problems.orderInvalid"
    : undefined;
}

export function slugProblem(slug: string): MessageKey | undefined {
  if (!slug.trim()) return "bmsBooks.problems.slugRequired";
  if (slug.length > CONTENT_LIMITS.slug || !SLUG.test(slug)) return "bmsBooks.problems.slugInvalid";
  return undefined;
}

export function titleProblem(title: string): MessageKey | undefined {
  if (!title.trim()) return "bmsBooks.problems.titleRequired";
  if (title.trim().length > CONTENT_LIMITS.title) return "bmsBooks.problems.titleTooLong";
  return undefined;
}

/** Publish or unpublish a book; the outcome as the list's message. */
export async function publishBook(t: Translate, book: BookRecord, action: "publish" | "unpublish") {
  const result = await call(
    api.post<BookRecord>(itemPath("books", book.id, action), action === "publish" ? {} : undefined),
  );
  const message = result.ok
    ? t(action === "publish" ? "bmsNotes.published" : "bmsNotes.unpublished")
    : failureText(t, result);
  return { ok: result.ok, message };
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

interface Named {
  title: string;
  slug: string;
  /** Whether the person typed a slug; until then it follows the title. */
  slugTouched: boolean;
}

/** A book's or chapter's title and slug fields. */
export function TitleAndSlug({
  t,
  id,
  values,
  set,
  error,
}: {
  t: Translate;
  id: string;
  values: Named;
  set: (changes: Partial<Named>) => void;
  error: (name: string) => string | undefined;
}) {
  return (
    <>
      <TextField
        id={`${id}-name`}
        name="title"
        label={t("bmsBooks.title")}
        value={values.title}
        onChange={(title) =>
          set(values.slugTouched ? { title } : { title, slug: suggestSlug(title) })
        }
        maxLength={CONTENT_LIMITS.title}
        error={error("title")}
      />
      <TextField
        id={`${id}-slug`}
        name="slug"
        label={t("bmsBooks.slug")}
        hint={t("bmsBooks.slugHint")}
        value={values.slug}
        onChange={(slug) => set({ slug, slugTouched: true })}
        maxLength={CONTENT_LIMITS.slug}
        autoComplete="off"
        error={error("slug")}
      />
    </>
  );
}
