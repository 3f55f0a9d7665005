import { useStore } from "@nanostores/react";
import { type SubmitEvent, useId, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkPassword,
  checkUserName,
  RESEND_SECONDS,
  type ValidationKey,
} from "../../shared/auth-rules.ts";
import { $locale } from "../../stores/locale.ts";
import { setUserInfo } from "../../stores/user.ts";
import { FormStatus, focusFirstProblem } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { accountApi, nextPath } from "./account-api.ts";
import { CodeField } from "./CodeField.tsx";
import { failureMessage } from "./messages.ts";
import { useCountdown } from "./useCountdown.ts";

type Field = "email" | "code" | "userName" | "password" | "confirm";
const ORDER: Field[] = ["email", "code", "userName", "password", "confirm"];

export function RegisterForm({ t }: { t: Translate }) {
  const id = useId();
  const locale = useStore($locale);
  const [values, setValues] = useState<Record<Field, string>>({
    email: "",
    code: "",
    userName: "",
    password: "",
    confirm: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, ValidationKey | null>>>({});
  const [wait, startWait] = useCountdown();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");

  const set = (field: Field) => (value: string) => setValues({ ...values, [field]: value });
  const message = (field: Field) => (errors[field] ? t(errors[field]) : undefined);

  async function sendCode() {
    const problem = checkEmail(values.email);
    setErrors({ ...errors, email: problem });
    if (problem) return;
    setSending(true);
    setFailure("");
    const result = await accountApi.sendRegisterCode(values.email.trim(), locale).catch(() => null);
    setSending(false);
    if (result?.success) {
      setNote(t("auth.codeSent"));
      startWait(result.data.resendAfterSeconds || RESEND_SECONDS);
    } else setFailure(result ? failureMessage(t, result, "auth.failed") : t("auth.failed"));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<Field, ValidationKey | null>> = {
      email: checkEmail(values.email),
      code: checkCode(values.code),
      userName: checkUserName(values.userName),
      password: checkPassword(values.password),
      confirm: checkConfirmation(values.password, values.confirm),
    };
    setErrors(found);
    if (focusFirstProblem(event.currentTarget, ORDER, found)) {
      setFailure(t("validation.checkInput"));
      return;
    }
    setBusy(true);
    setFailure("");
    const result = await accountApi
      .register(values.email.trim(), values.code.trim(), values.userName.trim(), values.password)
      .catch(() => null);
    setBusy(false);
    if (result?.success) {
      setNote(t("auth.registered"));
      setUserInfo(result.data);
      window.location.assign(nextPath(window.location.search, window.location.origin));
    } else
      setFailure(result ? failureMessage(t, result, "validation.checkInput") : t("auth.failed"));
  }

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
      <TextField
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        label={t("auth.email")}
        value={values.email}
        onChange={set("email")}
        maxLength={254}
        error={message("email")}
        autoFocus
      />
      <CodeField
        id={`${id}-code`}
        t={t}
        value={values.code}
        onChange={set("code")}
        error={message("code")}
        wait={wait}
        sending={sending}
        onSend={sendCode}
      />
      <TextField
        id={`${id}-user`}
        name="userName"
        autoComplete="username"
        label={t("auth.userName")}
        hint={t("auth.userNameHint")}
        value={values.userName}
        onChange={set("userName")}
        maxLength={10}
        error={message("userName")}
      />
      <TextField
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="new-password"
        label={t("auth.password")}
        hint={t("auth.passwordHint")}
        value={values.password}
        onChange={set("password")}
        maxLength={16}
        error={message("password")}
      />
      <TextField
        id={`${id}-confirm`}
        name="confirm"
        type="password"
        autoComplete="new-password"
        label={t("auth.confirmPassword")}
        value={values.confirm}
        onChange={set("confirm")}
        maxLength={16}
        error={message("confirm")}
      />
      <FormStatus note={note} failure={failure} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? t("auth.registering") : t("auth.register")}
      </button>
    </form>
  );
}
