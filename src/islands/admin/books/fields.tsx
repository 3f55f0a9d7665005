import { useEffect, useRef } from "react";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { FormTextField, problemText, useFocusById } from "../app/form.tsx";
import { LangField, OrderField } from "../content/fields.tsx";
import { MarkdownField } from "../content/MarkdownField.tsx";
import { suggestSlug } from "../content/slug.ts";
import type { BookFields, BookValues } from "./schema.ts";

// The book and chapter forms' fields, bound to react-hook-form: the title and slug as
// `FormTextField`s, the content screens' order, language and Markdown fields through
// `useController`.

/** A field of a form whose schema makes `Output` of its `Values`. */
interface Bound<Values extends FieldValues, Output extends FieldValues> {
  t: Translate;
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  id: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A whole number typed as text: the order of a book or chapter among its own. */
export function FormOrderField<Values extends FieldValues, Output extends FieldValues>({
  t,
  control,
  name,
  id,
}: Bound<Values, Output>) {
  const { field, fieldState } = useController({ control, name });
  useFocusById(field.ref, id);
  return (
    <OrderField
      id={id}
      label={t("bmsBooks.order")}
      hint={t("bmsBooks.orderHint")}
      value={text(field.value)}
      onChange={field.onChange}
      error={problemText(t, fieldState.error?.message)}
    />
  );
}

/** A chapter's text, in Markdown. */
export function FormMarkdownField<Values extends FieldValues, Output extends FieldValues>({
  t,
  control,
  name,
  id,
  rows,
}: Bound<Values, Output> & { rows: number }) {
  const { field, fieldState } = useController({ control, name });
  useFocusById(field.ref, id);
  return (
    <MarkdownField
      t={t}
      id={id}
      name={name}
      label={t("bmsBooks.body")}
      value={text(field.value)}
      onChange={field.onChange}
      max={CONTENT_LIMITS.body}
      error={problemText(t, fieldState.error?.message)}
      rows={rows}
    />
  );
}

/** A book's language (a select whose every choice is valid: it shows no problem). */
export function FormLangField({
  t,
  control,
  id,
}: {
  t: Translate;
  control: Control<BookFields, unknown, BookValues>;
  id: string;
}) {
  const { field } = useController({ control, name: "lang" });
  return (
    <LangField
      t={t}
      id={id}
      label={t("bmsBooks.language")}
      value={field.value}
      onChange={field.onChange}
    />
  );
}

/** A book's or chapter's title and slug (`<id>-name`, `<id>-slug`). */
export function TitleAndSlug<Values extends FieldValues, Output extends FieldValues>({
  t,
  id,
  control,
  title,
  slug,
}: {
  t: Translate;
  id: string;
  control: Control<Values, unknown, Output>;
  title: FieldPath<Values>;
  slug: FieldPath<Values>;
}) {
  return (
    <>
      <FormTextField
        control={control}
        t={t}
        id={`${id}-name`}
        name={title}
        label={t("bmsBooks.title")}
        maxLength={CONTENT_LIMITS.title}
      />
      <FormTextField
        control={control}
        t={t}
        id={`${id}-slug`}
        name={slug}
        label={t("bmsBooks.slug")}
        hint={t("bmsBooks.slugHint")}
        maxLength={CONTENT_LIMITS.slug}
        autoComplete="off"
      />
    </>
  );
}

/** What `useSlugFollowsTitle` uses of a form with a title and a slug. */
interface TitledForm {
  watch: (
    observer: (
      values: { title?: string | undefined },
      change: { name?: string | undefined; type?: string | undefined },
    ) => void,
  ) => { unsubscribe: () => void };
  setValue: (name: "slug", value: string, options: { shouldValidate: boolean }) => void;
  formState: { isSubmitted: boolean };
}

/**
 * The slug follows the title as the person types it (`suggestSlug`), until they type a slug
 * themselves; `follows` false (an edit) leaves the slug alone. `restart` after a reset.
 */
export function useSlugFollowsTitle(form: TitledForm, follows: boolean) {
  const typed = useRef(!follows);
  useEffect(() => {
    const { unsubscribe } = form.watch((values, { name, type }) => {
      // Only the person's typing ("change"): not the slug set here, not a reset.
      if (type !== "change") return;
      if (name === "slug") typed.current = true;
      else if (name === "title" && !typed.current) {
        // Once a submit showed the problems, the slug's problem follows the slug.
        form.setValue("slug", suggestSlug(values.title ?? ""), {
          shouldValidate: form.formState.isSubmitted,
        });
      }
    });
    return unsubscribe;
  }, [form]);
  return {
    restart: () => {
      typed.current = !follows;
    },
  };
}
