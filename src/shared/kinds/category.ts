import { z } from "zod";
import { CONTENT_LIMITS, type SourceFields } from "../content-rules.ts";
import {
  type Blanks,
  type Flat,
  NOTHING,
  nonEmpty,
  orderSchema,
  type StoredTimes,
  slugSchema,
  text,
} from "./fields.ts";

/**
 * A category of articles; its slug is its id. Its fields, each once, with its rule and its
 * default (see src/shared/kinds/article.ts). The table keeps the name in two columns, one per
 * language: `categoryColumns` and `fromCategoryColumns` are that mapping, both ways.
 */
export const categoryNameSchema = z.strictObject({
  "zh-CN": text(CONTENT_LIMITS.categoryName),
  "en-US": text(CONTENT_LIMITS.categoryName),
});
export type CategoryName = z.output<typeof categoryNameSchema>;

/** The category it sits under; null at the top. */
const parentSchema = slugSchema.nullable();

export const categoryFields = {
  name: categoryNameSchema,
  /** Categories are listed by it. */
  order: orderSchema.default(0),
  parent: parentSchema.default(null),
};

/** `POST /api/admin/categories`: the slug is the id. */
export const createCategorySchema = z.strictObject({ slug: slugSchema, ...categoryFields });

/** `PUT /api/admin/categories/:slug`: the names, the order and the parent; the slug stays. */
export const updateCategorySchema = z
  .strictObject({
    ...categoryFields,
    order: categoryFields.order.unwrap(),
    parent: parentSchema,
  })
  .partial()
  .refine(nonEmpty, NOTHING);

export type CreateCategoryInput = z.output<typeof createCategorySchema>;
export type UpdateCategoryInput = z.output<typeof updateCategorySchema>;

export type CategoryRecord = Flat<CreateCategoryInput & StoredTimes & SourceFields>;

/** The name's columns in the table (src/server/db/schema.ts). */
export const categoryColumns = (name: CategoryName) => ({
  nameZh: name["zh-CN"],
  nameEn: name["en-US"],
});

/** A row's fields with the name from its two columns. */
export function fromCategoryColumns<R extends { nameZh: string; nameEn: string }>(row: R) {
  const { nameZh, nameEn, ...fields } = row;
  const name: CategoryName = { "zh-CN": nameZh, "en-US": nameEn };
  return { ...fields, name };
}

/** A category in the build's snapshot. */
export const categorySnapshotSchema = z.object({ slug: slugSchema, ...categoryFields });
export type SnapshotCategory = z.output<typeof categorySnapshotSchema>;

/** The `categories` collection's fields (content/categories.json names the slug `id`). */
export const categoryCollectionFields = { id: slugSchema, ...categoryFields };

/** An entry of content/categories.json, as the back office reads it. */
export const categoryFileFields = categoryFields;
export const categoryBlanks: Blanks<typeof categoryFileFields> = {
  name: { "zh-CN": "", "en-US": "" },
};
