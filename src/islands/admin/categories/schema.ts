import { z } from "zod";
import {
  type CategoryRecord,
  categoryFields,
  createCategorySchema,
} from "../../../shared/content.ts";
import {
  GROUPING_FIELDS,
  groupingSchema,
  initialGroupingFields,
  orderText,
} from "../app/content/grouping-schema.ts";

/**
 * The category form: the server's own schema for `POST /api/admin/categories`, with the order
 * as the text its field holds (`app/content/grouping-schema.ts`) and the parent as its select
 * holds it (empty: at the top).
 */
const formSchema = createCategorySchema.extend({
  order: orderText(categoryFields.order),
  parent: z
    .string()
    .transform((slug) => slug || null)
    .pipe(categoryFields.parent.unwrap()),
});

export type CategoryFields = z.input<typeof formSchema>;
export type CategoryValues = z.output<typeof formSchema>;

/** The form's fields in screen order. */
export const CATEGORY_FIELDS = [...GROUPING_FIELDS, "parent"] as const;

export const categorySchema = groupingSchema(formSchema, {
  parent: { other: "bmsCategories.problems.parentUnknown" },
});

/** The form's first values: empty to add one, the category's own to edit it. */
export const initialFields = (category?: CategoryRecord): CategoryFields => ({
  ...initialGroupingFields(category),
  parent: category?.parent ?? "",
});

/**
 * The categories a category may sit under: every other one but those under it (a loop), each
 * named in `locale`.
 */
export function parentChoices(
  categories: readonly CategoryRecord[],
  slug: string | undefined,
  locale: keyof CategoryRecord["name"],
) {
  const parentOf = new Map(categories.map((c) => [c.slug, c.parent]));
  const under = (candidate: string) => {
    const seen = new Set<string>();
    for (let at: string | null = candidate; at && !seen.has(at); at = parentOf.get(at) ?? null) {
      if (at === slug) return true;
      seen.add(at);
    }
    return false;
  };
  return categories
    .filter((c) => !slug || !under(c.slug))
    .map((c) => ({ value: c.slug, label: c.name[locale] }));
}
