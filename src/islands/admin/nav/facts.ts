import type { Locale, Translate } from "../../../i18n/core.ts";
import type { NavCheckResult, NavGroupRecord, NavLinkRecord } from "../../../shared/content.ts";

// What the navigation screen says about a group or a link, as text.

/** A group's name in a line: the interface language's, else the other one's. */
export const groupName = (group: Pick<NavGroupRecord, "name">, locale: Locale) =>
  group.name[locale] || group.name["zh-CN"] || group.name["en-US"];

/** A link's title in a line: the interface language's, else the other one's. */
export const linkName = (link: Pick<NavLinkRecord, "title">, locale: Locale) =>
  link.title[locale] || link.title["zh-CN"] || link.title["en-US"];

/** What a check of a link found, as its badge says it. */
export const checkText = (t: Translate, result: NavCheckResult) =>
  t(`bmsNav.outcomes.${result.outcome}`, { status: result.status ?? "", ms: result.ms });

/** The line after a check: how many links work and how many do not. */
export function checkSummary(t: Translate, results: readonly NavCheckResult[]) {
  const ok = results.filter((r) => r.outcome === "ok").length;
  return t("bmsNav.checked", { count: results.length, ok, bad: results.length - ok });
}
