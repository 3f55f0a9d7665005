import type { Control, FieldPath, FieldValues } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { type Bound, bindFields, FormTextField, useBoundField } from "../../ui/form-fields.tsx";
import { OrderField } from "../app/content/fields.tsx";

// The book and chapter forms' own fields: the order, and the title and slug side by side.

/** A whole number typed as text: the order of a book or chapter among its own. */
export function FormOrderField<Values extends FieldValues, Output extends FieldValues>(
  bound: Bound<Values, Output, Translate>,
) {
  const { t } = bound;
  return (
    <OrderField
      {...useBoundField(bound)}
      label={t("bmsBooks.order")}
      hint={t("bmsBooks.orderHint")}
    />
  );
}

/** A book's or chapter's title and slug (`<id>-<title>`, `<id>-<slug>`). */
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
  const bind = bindFields(control, t, id);
  return (
    <>
      <FormTextField
        {...bind(title)}
        label={t("bmsBooks.title")}
        maxLength={CONTENT_LIMITS.title}
      />
      <FormTextField
        {...bind(slug)}
        label={t("bmsBooks.slug")}
        hint={t("bmsBooks.slugHint")}
        maxLength={CONTENT_LIMITS.slug}
        autoComplete="off"
      />
    </>
  );
}
