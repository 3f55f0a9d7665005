import type { z } from "zod";
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
 * as the text its field holds (`app/content/grouping-schema.ts`).
 */
const formSchema = createCategorySchema.extend({ order: orderText(categoryFields.order) });

export type CategoryFields = z.input<typeof formSchema>;
export type CategoryValues = z.output<typeof formSchema>;

/** The form's fields in screen order. */
export const CATEGORY_FIELDS = GROUPING_FIELDS;

export const categorySchema = groupingSchema(formSchema);

/** The form's first values: empty to add one, the category's own to edit it. */
export const initialFields = (category?: CategoryRecord): CategoryFields =>
  initialGroupingFields(category);
