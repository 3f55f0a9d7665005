import { zodResolver } from "@hookform/resolvers/zod";
import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import type { CategoryRecord } from "../../../shared/content.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { $locale } from "../../../stores/locale.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { FormTextField, showServerIssues } from "../app/form.tsx";
import { useLeaveGuard } from "../app/leave-guard.ts";
import { failureText } from "../content/api-call.ts";
import { useAddCategory, useUpdateCategory } from "./queries.ts";
import {
  CATEGORY_FIELDS,
  type CategoryFields,
  type CategoryValues,
  categorySchema,
  initialFields,
} from "./schema.ts";

interface Props {
  t: Translate;
  /** The category being edited in place; none to add one. */
  editing?: CategoryRecord;
  /** The add form's heading id. */
  headingId?: string;
  /** Saved: the category's name in the interface language. */
  onSaved: (name: string) => void;
  onCancel?: () => void;
}

/** Adds a category, or edits one in place (its names and order; the slug stays). */
export function CategoryForm({ t, editing, headingId, onSaved, onCancel }: Props) {
  const id = useId();
  const locale = useStore($locale);
  const add = useAddCategory();
  const update = useUpdateCategory();
  const [failure, setFailure] = useState("");
  const form = useForm<CategoryFields, unknown, CategoryValues>({
    resolver: zodResolver(categorySchema),
    defaultValues: initialFields(editing),
  });
  useLeaveGuard(form.formState.isDirty);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(
    async (values) => {
      setFailure("");
      try {
        const saved = await (editing ? update : add).mutateAsync(values);
        if (!editing) form.reset(initialFields());
        onSaved(saved.name[locale]);
      } catch (error) {
        setFailure(
          showServerIssues(error, form.setError, CATEGORY_FIELDS)
            ? t("bmsContent.checkFields")
            : failureText(t, { message: error instanceof Error ? error.message : "" }),
        );
      }
    },
    () => setFailure(t("bmsContent.checkFields")),
  );

  const fields = (
    <>
      {!editing && (
        <FormTextField
          control={form.control}
          t={t}
          id={`${id}-slug`}
          name="slug"
          label={t("bmsCategories.slug")}
          hint={t("bmsCategories.slugHint")}
          maxLength={CONTENT_LIMITS.slug + 20}
        />
      )}
      <div className="bms-row">
        <FormTextField
          control={form.control}
          t={t}
          id={`${id}-zh`}
          name="name.zh-CN"
          label={t("bmsCategories.nameZh")}
          maxLength={CONTENT_LIMITS.categoryName + 10}
          autoFocus={Boolean(editing)}
        />
        <FormTextField
          control={form.control}
          t={t}
          id={`${id}-en`}
          name="name.en-US"
          label={t("bmsCategories.nameEn")}
          maxLength={CONTENT_LIMITS.categoryName + 10}
        />
        <FormTextField
          control={form.control}
          t={t}
          id={`${id}-order`}
          name="order"
          label={t("bmsCategories.order")}
          hint={t("bmsCategories.orderHint")}
          inputMode="numeric"
          maxLength={8}
        />
      </div>
      <FormStatus note={busy ? t("bmsArticles.working") : ""} failure={failure} />
      <div className="bms-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {editing ? t("bmsCategories.save") : t("bmsCategories.addButton")}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t("bmsCategories.cancel")}
          </button>
        )}
      </div>
    </>
  );

  return editing ? (
    <form noValidate onSubmit={submit}>
      <fieldset className="bms-category-edit">
        <legend>{t("bmsCategories.editing", { slug: editing.slug })}</legend>
        {fields}
      </fieldset>
    </form>
  ) : (
    <form
      className="bms-compose bms-category-form"
      noValidate
      aria-labelledby={headingId}
      onSubmit={submit}
    >
      <h2 id={headingId}>{t("bmsCategories.add")}</h2>
      {fields}
    </form>
  );
}
