import { z } from "zod";
import "../../../../shared/zod-browser.ts";
import type { Locale, MessageKey } from "../../../../i18n/core.ts";
import type { SourceFields } from "../../../../shared/content-rules.ts";
import { withProblems } from "../problems.ts";

// What a grouping's form shares, a category's or an album's: a slug, a name in both languages
// and an order (an album adds a description, its own).

type Names = Record<Locale, string>;

/** A grouping form's fields as they hold them; an album's description is its own. */
export interface GroupingFields {
  slug: string;
  name: Names;
  /** A whole number written in digits; empty is the server's default. */
  order: string;
  description?: Names;
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

/** A problem of a grouping form in its words: a slug, a name, an order, or the kind's `more`. */
export function groupingProblem(
  issue: { path: PropertyKey[]; code: string },
  fields: { slug: string },
  more: Partial<Record<string, MessageKey>> = {},
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
  return typeof field === "string" ? more[field] : undefined;
}

/** The kind's form schema (the server's own) speaking a grouping form's words. */
export const groupingSchema = <S extends z.ZodType<unknown, { slug: string }>>(
  schema: S,
  more?: Partial<Record<string, MessageKey>>,
) => withProblems(schema, (issue, fields) => ({ key: groupingProblem(issue, fields, more) }));

/** A grouping form's first values: empty to add one, the grouping's own to edit it. */
export function initialGroupingFields(grouping?: GroupingValues) {
  return grouping
    ? { slug: grouping.slug, name: { ...grouping.name }, order: String(grouping.order) }
    : { slug: "", name: { "zh-CN": "", "en-US": "" }, order: "" };
}
