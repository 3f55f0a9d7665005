import { isMessageKey, type Translate } from "../../../i18n/core.ts";
import type { SiteChange } from "../../../shared/build-status.ts";

/**
 * An audit action (`<kind>.<verb>`, src/server/logs/audit.ts) in the interface's words:
 * "Articles: published", "文章：发布". An action these words do not know (an entry older than the
 * naming scheme) shows as it is stored.
 */
export function actionText(t: Translate, action: string): string {
  const dot = action.lastIndexOf(".");
  if (dot < 0) return action;
  const kind = `bmsLogs.kinds.${action.slice(0, dot).replaceAll(/[.-]/g, "_")}`;
  const verb = `bmsLogs.verbs.${action.slice(dot + 1).replaceAll("-", "_")}`;
  if (!isMessageKey(kind) || !isMessageKey(verb)) return action;
  return t("bmsLogs.actionName", { kind: t(kind), verb: t(verb) });
}

/** A change a site build carries, in the same words: "Articles: published · my-slug". */
export function changeText(t: Translate, change: SiteChange): string {
  const action = actionText(t, change.action);
  return change.item ? `${action} · ${change.item}` : action;
}
