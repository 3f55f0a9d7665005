import type { Translate } from "../../../i18n/core.ts";
import { ApiRejection, type ApiResult } from "../../../shared/api-client.ts";
import type { FieldIssue } from "../../../shared/envelope.ts";

/**
 * A back-office call's outcome. A failure carries the server's field issues (the field, and an
 * i18n key with its values where the server names one) and, first among them, the field.
 */
export type Outcome<T> =
  | { ok: true; data: T; message: string }
  | { ok: false; code: number; message: string; field: string | null; issues: FieldIssue[] };

function failure(code: number, message: string, issues: FieldIssue[] = []) {
  return { ok: false as const, code, message, field: issues[0]?.field ?? null, issues };
}

/** Awaits a call and folds network errors and rejections into one failure shape. */
export async function call<T>(request: Promise<ApiResult<T>>): Promise<Outcome<T>> {
  try {
    const result = await request;
    if (result.success) return { ok: true, data: result.data, message: result.message };
    return failure(result.code, result.message, result.error?.issues);
  } catch (error) {
    if (error instanceof ApiRejection) {
      return failure(error.code, error.message, error.error?.issues);
    }
    return failure(0, error instanceof Error ? error.message : "");
  }
}

/** A failed call in a sentence of ours around the server's words (a 409's or 400's text). */
export const failureText = (t: Translate, result: { message: string }) =>
  t("bmsContent.failure", { message: result.message });
