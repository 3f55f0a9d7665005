import type { Translate } from "../../../i18n/core.ts";
import { failedCallText } from "../app/form.tsx";
import { CallFailure } from "../app/query.ts";

const IN_USE = ["bmsCategories.inUseArticle", "bmsCategories.inUseFile"] as const;

/**
 * Why a category could not be deleted: still used, by the article or the file the server
 * names (a 409's issue), else the server's own words.
 */
export function deleteFailureText(t: Translate, error: unknown): string {
  if (error instanceof CallFailure) {
    for (const issue of error.issues) {
      const key = IN_USE.find((k) => k === issue.key);
      if (key) return t(key, issue.values);
    }
  }
  return failedCallText(t, error);
}
