import { z } from "zod";
import type { MessageKey } from "../../../i18n/core.ts";
import {
  type CategoryRecord,
  categoryFields,
  createCategorySchema,
} from "../../../shared/content.ts";
import { withProblems } from "../app/problems.ts";

/**
 * The category form: the server's own schema for `POST /api/admin/categories`, with the order
 * as the text its field holds (a whole number written in digits; empty is the server's default).
 */
const orderText = z
  .string()
  .trim()
  .regex(/^-?\d*$/)
  .transform((text) => (text === "" ? undefined : Number(text)))
  .pipe(categoryFields.order);

const formSchema = createCategorySchema.extend({ order: orderText });

export type CategoryFields = z.input<typeof formSchema>;
export type CategoryValues = z.output<typeof formSchema>;

/** The form's fields in screen order. */
export const CATEGORY_FIELDS = ["slug", "name.zh-CN", "name.en-US", "order"] as const;

/** A problem of the form in its words: an empty slug or a bad one, a missing or long name. */
export function categoryProblem(
  issue: { path: PropertyKey[]; code: string },
  fields: CategoryFields,
): MessageKey | undefined {
  const [field] = issue.path;
  if (field === "slug") {
    return fields.slug === ""
      ? "bmsCategories.problems.slugRequired"
      : "bmsCategories.problems.slugInvalid";
  }
  if (field === "name") {
    return issue.code === "too_small"
      ? "bmsCategories.problems.nameRequired"
      : "bmsCategories.problems.nameTooLong";
  }
  if (field === "order") return "bmsCategories.problems.orderInvalid";
  return undefined;
}

export const categorySchema = withProblems(formSchema, (issue, fields) => ({
  key: categoryProblem(issue, fields),
}));

/** The form's first values: empty to add one, the category's own to edit it. */
export function initialFields(category?: CategoryRecord): CategoryFields {
  return category
    ? { slug: category.slug, name: { ...category.name }, order: String(category.order) }
    : { slug: "", name: { "zh-CN": "", "en-US": "" }, order: "" };
}
