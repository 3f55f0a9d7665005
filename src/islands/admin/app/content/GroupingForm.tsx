import { zodResolver } from "@hookform/resolvers/zod";
import { useStore } from "@nanostores/react";
import { type ReactNode, useId, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import type { z } from "zod";
import type { Locale, Translate } from "../../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../../shared/content-rules.ts";
import { $locale } from "../../../../stores/locale.ts";
import { FormStatus } from "../../../ui/FormStatus.tsx";
import { type Bound, bindFields, FormTextField } from "../../../ui/form-fields.tsx";
import { failedCallText, showServerIssues } from "../form.tsx";
import { useLeaveGuard } from "../leave-guard.ts";
import type { GroupingFields, GroupingValues } from "./grouping-schema.ts";

/** A write of a grouping's form, which answers with the grouping saved. */
type GroupingWrite<V> = { mutateAsync: (values: V) => Promise<{ name: Record<Locale, string> }> };

/** A kind of grouping (categories, albums): its messages, its form and its writes. */
export interface GroupingKind<V extends GroupingValues, R extends GroupingValues> {
  /** Its messages' namespace: `.add`, `.addButton`, `.added`, `.saved`, the list's words, … */
  ns: "bmsCategories" | "bmsAlbums";
  schema: z.ZodType<V, GroupingFields>;
  /** Its form's fields, for the server's issues. */
  fields: readonly FieldPath<GroupingFields>[];
  initial: (grouping?: R) => GroupingFields;
  /** The longest name the field takes. */
  nameMax: number;
  useAdd: () => GroupingWrite<V>;
  useUpdate: () => GroupingWrite<V>;
  /** The add form's class. */
  formClass: string;
  /** Fields of its own, after the names and the order; `editing` is the grouping edited. */
  more?: (
    bind: (name: FieldPath<GroupingFields>) => Bound<GroupingFields, V>,
    t: Translate,
    editing: R | undefined,
  ) => ReactNode;
}

interface Props<V extends GroupingValues, R extends GroupingValues> {
  t: Translate;
  kind: GroupingKind<V, R>;
  /** The grouping being edited in place; none to add one. */
  editing?: R | undefined;
  /** The add form's heading id. */
  headingId?: string;
  /** Saved: the grouping's name in the interface language. */
  onSaved: (name: string) => void;
  onCancel?: () => void;
}

/** Adds a grouping, or edits one in place (all but its slug, which stays). */
export function GroupingForm<V extends GroupingValues, R extends GroupingValues>({
  t,
  kind,
  editing,
  headingId,
  onSaved,
  onCancel,
}: Props<V, R>) {
  const id = useId();
  const locale = useStore($locale);
  const add = kind.useAdd();
  const update = kind.useUpdate();
  const [failure, setFailure] = useState("");
  const form = useForm<GroupingFields, unknown, V>({
    resolver: zodResolver(kind.schema),
    defaultValues: kind.initial(editing),
  });
  useLeaveGuard(form.formState.isDirty);
  const bind = bindFields(form.control, t, id);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(
    async (values) => {
      setFailure("");
      try {
        const saved = await (editing ? update : add).mutateAsync(values);
        if (!editing) form.reset(kind.initial());
        onSaved(saved.name[locale]);
      } catch (error) {
        setFailure(
          showServerIssues(error, form.setError, kind.fields)
            ? t("bmsContent.checkFields")
            : failedCallText(t, error),
        );
      }
    },
    () => setFailure(t("bmsContent.checkFields")),
  );

  const fields = (
    <>
      {!editing && (
        <FormTextField
          {...bind("slug")}
          label={t("bmsCategories.slug")}
          hint={t("bmsCategories.slugHint")}
          maxLength={CONTENT_LIMITS.slug + 20}
        />
      )}
      <div className="bms-row">
        <FormTextField
          {...bind("name.zh-CN")}
          label={t("bmsCategories.nameZh")}
          maxLength={kind.nameMax + 10}
          autoFocus={Boolean(editing)}
        />
        <FormTextField
          {...bind("name.en-US")}
          label={t("bmsCategories.nameEn")}
          maxLength={kind.nameMax + 10}
        />
        <FormTextField
          {...bind("order")}
          label={t("bmsCategories.order")}
          hint={t("bmsCategories.orderHint")}
          inputMode="numeric"
          maxLength={8}
        />
      </div>
      {kind.more?.(bind, t, editing)}
      <FormStatus note={busy ? t("bmsArticles.working") : ""} failure={failure} />
      <div className="bms-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {editing ? t("bmsCategories.save") : t(`${kind.ns}.addButton`)}
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
      className={`bms-compose ${kind.formClass}`}
      noValidate
      aria-labelledby={headingId}
      onSubmit={submit}
    >
      <h2 id={headingId}>{t(`${kind.ns}.add`)}</h2>
      {fields}
    </form>
  );
}
