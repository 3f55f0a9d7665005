import type { MessageKey, Translate } from "../../i18n/core.ts";
import type { ApiResult } from "../../shared/api-client.ts";

/** A failed account call, in the reader's language (the server's own words are English). */
export function failureMessage(
  t: Translate,
  result: ApiResult<unknown>,
  fallback: MessageKey,
): string {
  if (result.success) return "";
  if (result.code === 429) {
    const seconds = /(\d+)\s*s/.exec(result.message)?.[1] ?? "60";
    return t("auth.tooMany", { seconds });
  }
  if (result.code === 400 && /code/i.test(result.message)) return t("auth.codeRejected");
  if (result.code === 400) return t("validation.checkInput");
  return t(fallback);
}
