import { useStore } from "@nanostores/react";
import { type SubmitEvent, useId, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import { checkCode } from "../../shared/auth-rules.ts";
import type { UserInfo } from "../../shared/user-info.ts";
import { $locale } from "../../stores/locale.ts";
import { setUserInfo } from "../../stores/user.ts";
import { FormStatus } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { accountApi } from "./account-api.ts";
import { failureMessage } from "./messages.ts";

interface Props {
  t: Translate;
  info: UserInfo;
  /** The new address, already checked for its format. */
  email: string;
  /** Called with the stored user once the change is done, or null when the reader gives up. */
  onDone: (changed: boolean) => void;
}

/**
 * The second step of a new email address: the current password sends a code to the new
 * address, and the code makes the change (the server never changes an address without it).
 */
export function EmailChangeForm({ t, info, email, onDone }: Props) {
  const id = useId();
  const locale = useStore($locale);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const [fieldError, setFieldError] = useState<{ password?: string; code?: string }>({});

  async function send() {
    if (!password) {
      setFieldError({ password: t("validation.passwordRequired") });
      return;
    }
    setBusy(true);
    setFailure("");
    setFieldError({});
    const result = await accountApi.requestEmailChange(email, password, locale).catch(() => null);
    setBusy(false);
    if (result?.success) {
      setSent(true);
      setNote(t("profile.emailChangeSent", { email }));
    } else if (!result?.success && result?.error?.issues?.some((i) => i.field === "password")) {
      setFieldError({ password: t("profile.wrongPassword") });
    } else setFailure(result ? failureMessage(t, result, "auth.failed") : t("auth.failed"));
  }

  async function confirm() {
    const problem = checkCode(code.trim());
    if (problem) {
      setFieldError({ code: t(problem) });
      return;
    }
    setBusy(true);
    setFailure("");
    setFieldError({});
    const result = await accountApi
      .confirmEmailChange(email, code.trim(), locale)
      .catch(() => null);
    setBusy(false);
    if (result?.success) {
      setUserInfo({ token: info.token, user: { ...result.data, isLogin: true } });
      onDone(true);
    } else setFailure(result ? failureMessage(t, result, "auth.failed") : t("auth.failed"));
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void (sent ? confirm() : send());
  }

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t("profile.emailChangeTitle")}</h2>
      <p>{t("profile.emailChangeIntro", { email })}</p>
      <TextField
        id={`${id}-password`}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        label={t("profile.currentPassword")}
        value={password}
        onChange={setPassword}
        maxLength={64}
        error={fieldError.password}
        autoFocus
      />
      {sent ? (
        <TextField
          id={`${id}-code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          label={t("auth.code")}
          value={code}
          onChange={setCode}
          maxLength={6}
          error={fieldError.code}
        />
      ) : null}
      <FormStatus note={note} failure={failure} />
      <div className="auth-actions">
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t("profile.emailChangeCancel")}
        </button>
        {sent ? (
          <button type="button" className="button" disabled={busy} onClick={() => void send()}>
            {t("auth.sendCode")}
          </button>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy
            ? t("auth.working")
            : sent
              ? t("profile.emailChangeConfirm")
              : t("profile.emailChangeSend")}
        </button>
      </div>
    </form>
  );
}
