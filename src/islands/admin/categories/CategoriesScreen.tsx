import { useStore } from "@nanostores/react";
import type { Translate } from "../../../i18n/core.ts";
import type { CategoryRecord } from "../../../shared/content.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { $locale } from "../../../stores/locale.ts";
import { useCategories, useCategoryPage } from "../app/categories.ts";
import { FormKeptChoiceField } from "../app/content/fields.tsx";
import { type GroupingList, GroupingsSection } from "../app/content/GroupingsSection.tsx";
import type { GroupingFields } from "../app/content/grouping-schema.ts";
import type { ScreenProps } from "../screen-props.ts";
import { useAddCategory, useDeleteCategory, useUpdateCategory } from "./queries.ts";
import {
  CATEGORY_FIELDS,
  type CategoryValues,
  categorySchema,
  initialFields,
  parentChoices,
} from "./schema.ts";
import "../app/content/content.css";
import "../app/content/articles.css";
import type { Bound } from "../../ui/form-fields.tsx";
import { failureText } from "../app/form.tsx";

type ParentProps = {
  bound: Bound<GroupingFields, CategoryValues>;
  t: Translate;
  editing: CategoryRecord | undefined;
};

/** The category it sits under: any other but those under it; none at the top. */
function ParentField({ bound, t, editing }: ParentProps) {
  const locale = useStore($locale);
  const categories = useCategories();
  return (
    <FormKeptChoiceField
      {...bound}
      label={t("bmsCategories.parent")}
      none={t("bmsCategories.parentNone")}
      choices={parentChoices(categories.data?.items ?? [], editing?.slug, locale)}
      unavailable={
        categories.isError && !categories.data ? t("bmsArticles.categoriesFailed") : undefined
      }
    />
  );
}

/** The name of the category it sits under, when it sits under one. */
function ParentName({ category, t }: { category: CategoryRecord; t: Translate }) {
  const locale = useStore($locale);
  const categories = useCategories();
  if (!category.parent) return null;
  const parent = categories.data?.items.find((c) => c.slug === category.parent);
  return (
    <p className="bms-category-parent">
      {t("bmsCategories.parentValue", { name: parent?.name[locale] ?? category.parent })}
    </p>
  );
}

/** Categories as groupings: their words, form and calls. */
const categories = (t: Translate): GroupingList<CategoryValues, CategoryRecord> => ({
  ns: "bmsCategories",
  schema: categorySchema,
  fields: CATEGORY_FIELDS,
  initial: initialFields,
  nameMax: CONTENT_LIMITS.categoryName,
  formClass: "bms-category-form",
  useAdd: useAddCategory,
  useUpdate: useUpdateCategory,
  usePage: useCategoryPage,
  useDelete: useDeleteCategory,
  // A category an article still files under stays: the server names the article or its file.
  deleteFailure: failureText,
  file: "content/categories.json",
  more: (bind, t, editing) => <ParentField bound={bind("parent")} t={t} editing={editing} />,
  itemMore: (category) => <ParentName category={category} t={t} />,
});

/** Article categories: every one (files' read-only), inline edits, deletes, and an add form. */
export function CategoriesScreen({ t }: ScreenProps) {
  return <GroupingsSection t={t} kind={categories(t)} className="bms-categories" />;
}
