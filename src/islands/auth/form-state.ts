import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { type DefaultValues, useForm } from "react-hook-form";
import type { Locale, ReaderKey, ReaderTranslate } from "../../i18n/reader.ts";
import type { ApiResult } from "../../shared/api-client.ts";
import { RESEND_SECONDS } from "../../shared/auth-rules.ts";
import type { StoredUser, UserInfo } from "../../shared/user-info.ts";
import { $locale } from "../../stores/locale.ts";
import { leaveNotice } from "../../stores/notice.ts";
import { setUserInfo } from "../../stores/user.ts";
import { bindFields, checksResolver, type Problems } from "../ui/form-fields.tsx";
import { nextPath } from "./account-api.ts";
import { failureMessage } from "./messages.ts";
import { useCountdown } from "./useCountdown.ts";

// What every account form keeps: react-hook-form holds its values and problems (checked with
// the shared rules' functions, no zod on a visitor's page); `useAccountCall` its running call.

/** An account form's values, checked by `check` on submit, with `bind` for its fields. */
export function useAccountForm<V extends Record<string, string>>(
  t: ReaderTranslate,
  defaultValues: V,
  check: (values: V) => Problems<Extract<keyof V, string>>,
) {
  const id = useId();
  // DefaultValues<V> is a deep partial of V: the full values are one.
  const form = useForm<V>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver: checksResolver(check),
  });
  return { form, bind: bindFields(form.control, t, id) };
}

type Failure = Extract<ApiResult<unknown>, { success: false }>;

interface RunOptions {
  /** The words of a failure the server gives no reason for (failureMessage's fallback). */
  fallback?: ReaderKey;
  /**
   * A failure the form words itself ("" when it shows it on a field); undefined leaves it to
   * failureMessage. Gets null for a call that never got an answer.
   */
  explain?: (failure: Failure | null) => string | undefined;
  /** The flag raised while the call runs, when not the form's busy one (a code's send button). */
  pending?: (running: boolean) => void;
}

/** A form's busy flag, status note and failure line, and `run` to make a call that sets them. */
export function useAccountCall(t: ReaderTranslate) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");

  /** Runs `call`: `done` gets its data on success, else the failure line says why. */
  async function run<T>(
    call: () => Promise<ApiResult<T>>,
    done: (data: T) => void,
    options: RunOptions = {},
  ): Promise<boolean> {
    const pending = options.pending ?? setBusy;
    pending(true);
    setFailure("");
    const result = await call().catch(() => null);
    pending(false);
    if (result?.success) {
      done(result.data);
      return true;
    }
    setFailure(
      options.explain?.(result) ??
        (result ? failureMessage(t, result, options.fallback ?? "auth.failed") : t("auth.failed")),
    );
    return false;
  }

  return { busy, note, setNote, failure, setFailure, run };
}

export type AccountCall = ReturnType<typeof useAccountCall>;

/** Sends an email code with `request`: the note that one is on its way, the wait before another. */
export function useCodeSender(
  t: ReaderTranslate,
  call: AccountCall,
  request: (email: string, locale: Locale) => Promise<ApiResult<{ resendAfterSeconds: number }>>,
) {
  const locale = useStore($locale);
  const [wait, startWait] = useCountdown();
  const send = (email: string, options: Pick<RunOptions, "pending"> = {}) =>
    call.run(
      () => request(email.trim(), locale),
      (sent) => {
        call.setNote(t("auth.codeSent"));
        startWait(sent.resendAfterSeconds || RESEND_SECONDS);
      },
      options,
    );
  return { wait, send };
}

/** A current password is only checked for being there: the server knows whether it is right. */
export const checkGiven = (password: string) =>
  password ? null : ("validation.passwordRequired" as const);

/**
 * A user who has just logged in: stored, then on to `?next=` (a path on this site, else home),
 * where `notice` (if given) is shown once.
 */
export function enter(info: UserInfo, notice?: ReaderKey): void {
  setUserInfo(info);
  if (notice) leaveNotice(notice);
  window.location.assign(nextPath(window.location.search, window.location.origin));
}

/** The account as the server answered it, kept with the session's token. */
export function keepUser(token: string, user: Omit<StoredUser, "isLogin">): void {
  setUserInfo({ token, user: { ...user, isLogin: true } });
}
