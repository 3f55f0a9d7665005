import { isMessageKey, type ReaderKey, type ReaderTranslate } from "../../i18n/reader.ts";
import type { ApiResult } from "../../shared/api-client.ts";

/**
 * A failed account call, in the reader's language, from the server's machine-readable error
 * (the kind, the field it names, the seconds to wait), never from the wording of its message.
 */
export function failureMessage(
  t: ReaderTranslate,
  result: ApiResult<unknown>,
  fallback: ReaderKey,
): string {
  if (result.success) return "";
  const error = result.error;
  if (result.code === 429) {
    return t("auth.tooMany", { seconds: error?.retryAfterSeconds ?? 60 });
  }
  if (error?.issues?.some((issue) => issue.field === "code")) return t("auth.codeRejected");
  // Refused whatever was typed, saying why in words of its own (registration closed meanwhile).
  const reason = result.code === 403 ? error?.issues?.find((issue) => issue.key)?.key : undefined;
  if (reason && isMessageKey(reason)) return t(reason);
  if (result.code === 400) return t("validation.checkInput");
  return t(fallback);
}
