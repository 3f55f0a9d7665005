import { type QueryKey, useQuery } from "@tanstack/react-query";
import type { Translate } from "../../../../i18n/core.ts";
import type { ApiResult } from "../../../../shared/api-client.ts";
import type { ItemCounts } from "../../../../shared/content.ts";
import type { Choice } from "../fields.tsx";
import { dataOf } from "../query.ts";

// How many items each filter choice holds (`GET /api/admin/<kind>/counts`), shown in the list's
// selects: "Draft (3)", "Engineering (12)", a tag choice for every tag in use, the most used first.

/** A kind's counts, under its feature's key: every write to the kind refreshes them. */
export const useItemCounts = (key: QueryKey, fetch: () => Promise<ApiResult<ItemCounts>>) =>
  useQuery({ queryKey: [...key, "counts"], queryFn: () => dataOf(fetch()) });

/** `choices` with their count after their label ("Engineering (12)"), once the counts are in. */
export function counted(
  t: Translate,
  choices: readonly Choice[],
  counts: Record<string, number> | undefined,
): Choice[] {
  if (!counts) return [...choices];
  return choices.map(({ value, label }) => ({
    value,
    label: t("bmsContent.counted", { label, count: counts[value] ?? 0 }),
  }));
}

/** A choice for every tag in use, the most used first (then A to Z), each with its count. */
export function tagChoices(t: Translate, tags: Record<string, number> | undefined): Choice[] {
  const names = Object.entries(tags ?? {})
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([tag]) => ({ value: tag, label: tag }));
  return counted(t, names, tags);
}
