import type { Translate } from "../../../i18n/core.ts";
import { ApiRejection, type ApiResult } from "../../../shared/api-client.ts";

/** A back-office call's outcome, with the failure's field when the server named one. */
export type Outcome<T> =
  | { ok: true; data: T; message: string }
  | { ok: false; code: number; message: string; field: string | null };

/**
 * The field a 400 names. The browser client keeps only the message of an HTTP error, and the
 * server words a validation message `Invalid <field>: <why>` (src/server/http/validate.ts).
 */
export function issueField(message: string): string | null {
  return /^Invalid ([\w.]+): /.exec(message)?.[1] ?? null;
}

/** Awaits a call and folds network errors and rejections into one failure shape. */
export async function call<T>(request: Promise<ApiResult<T>>): Promise<Outcome<T>> {
  try {
    const result = await request;
    if (result.success) return { ok: true, data: result.data, message: result.message };
    return {
      ok: false,
      code: result.code,
      message: result.message,
      field: result.code === 400 ? issueField(result.message) : null,
    };
  } catch (error) {
    const code = error instanceof ApiRejection ? error.code : 0;
    return { ok: false, code, message: error instanceof Error ? error.message : "", field: null };
  }
}

/** `/api/admin/<kind>/<id>`: file chapter ids hold a `/`, so every id is encoded. */
export const itemPath = (kind: string, id: string, action = "") =>
  `/admin/${kind}/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;

/** A failed call in a sentence of ours around the server's words (a 409's or 400's text). */
export const failureText = (t: Translate, result: { message: string }) =>
  t("bmsContent.failure", { message: result.message });
