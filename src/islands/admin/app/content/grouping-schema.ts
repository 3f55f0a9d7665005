import { z } from "zod";
import "../../../../shared/zod-browser.ts";
import type { Locale } from "../../../../i18n/core.ts";
import type { SourceFields } from "../../../../shared/content-rules.ts";
import { type FormWords, withWords } from "../problems.ts";

// What a grouping's form shares, a category's or an album's: a slug, a name in both languages
// and an order (an album adds a description, a category its parent).

type Names = Record<Locale, string>;

/** A grouping form's fields as they hold them; an album's description is its own. */
export interface GroupingFields {
  slug: string;
  name: Names;
  /** A whole number written in digits; empty is the server's default. */
  order: string;
  description?: Names;
  /** A category's parent's slug; empty at the top. */
  parent?: string;
}

/** What a grouping form sends. */
export interface GroupingValues {
  slug: string;
  name: Names;
  order: number;
}

/** A grouping as the list has it. */
export type GroupingRecord = GroupingValues & SourceFields;

/** The fields every grouping form has, in screen order. */
export const GROUPING_FIELDS = ["slug", "name.zh-CN", "name.en-US", "order"] as const;

/** The kind's order (the server's own rule) read from the text its field holds. */
export const orderText = <O extends z.ZodType<number, number | undefined>>(order: O) =>
  z
    .string()
    .trim()
    .regex(/^-?\d*$/)
    .transform((text) => (text === "" ? undefined : Number(text)))
    .pipe(order);

/** A grouping form's words: a slug, a name and an order (the kind adds its own). */
const GROUPING_WORDS: FormWords = {
  slug: {
    blank: "bmsCategories.problems.slugRequired",
    other: "bmsCategories.problems.slugInvalid",
  },
  name: {
    blank: "bmsCategories.problems.nameRequired",
    other: "bmsCategories.problems.nameTooLong",
  },
  order: { other: "bmsCategories.problems.orderInvalid" },
};

/** The kind's form schema (the server's own) speaking a grouping form's words and `more`. */
export const groupingSchema = <S extends z.ZodType<unknown, { slug: string }>>(
  schema: S,
  more: FormWords = {},
) => withWords(schema, { ...GROUPING_WORDS, ...more });

/** A grouping form's first values: empty to add one, the grouping's own to edit it. */
export function initialGroupingFields(grouping?: GroupingValues) {
  return grouping
    ? { slug: grouping.slug, name: { ...grouping.name }, order: String(grouping.order) }
    : { slug: "", name: { "zh-CN": "", "en-US": "" }, order: "" };
}
