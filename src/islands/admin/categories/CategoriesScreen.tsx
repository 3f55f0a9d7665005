import type { CategoryRecord } from "../../../shared/content.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { useCategoryPage } from "../app/categories.ts";
import { type GroupingList, GroupingsSection } from "../app/content/GroupingsSection.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { useAddCategory, useDeleteCategory, useUpdateCategory } from "./queries.ts";
import { CATEGORY_FIELDS, type CategoryValues, categorySchema, initialFields } from "./schema.ts";
import "../app/content/content.css";
import "../app/content/articles.css";
import { failureText } from "../app/form.tsx";

/** Categories as groupings: their words, form and calls. */
const CATEGORIES: GroupingList<CategoryValues, CategoryRecord> = {
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
};

/** Article categories: every one (files' read-only), inline edits, deletes, and an add form. */
export function CategoriesScreen({ t }: ScreenProps) {
  return <GroupingsSection t={t} kind={CATEGORIES} className="bms-categories" />;
}
