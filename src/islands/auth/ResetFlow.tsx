import { useStore } from "@nanostores/react";
import { type SubmitEvent, useId, useState } from "react";
import type { MessageKey, Translate } from "../../i18n/core.ts";
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkPassword,
  RESEND_SECONDS,
  type ValidationKey,
} from "../../shared/auth-rules.ts";
import { $locale } from "../../stores/locale.ts";
import { FormStatus } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { accountApi } from "./account-api.ts";
import { CodeField } from "./CodeField.tsx";
import { failureMessage } from "./messages.ts";
import { useCountdown } from "./useCountdown.ts";

const STEPS: MessageKey[] = ["auth.step1", "auth.step2", "auth.step3", "auth.step4"];

/** SPEC.md section 4: retrieve password, identity verification, reset password, finish. */
export function ResetFlow({ t, onDone }: { t: Translate; onDone: () => void }) {
  const id = useId();
  const locale = useStore($locale);
  const [step, setStep] = useState(0);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [resetToken, setResetToken] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Record<string, ValidationKey | null>>({});
  const [wait, startWait] = useCountdown();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const message = (field: string) => (errors[field] ? t(errors[field]) : undefined);

  async function sendCode() {
    const problem = checkEmail(email);
    setErrors({ email: problem });
    if (problem) return false;
    setBusy(true);
    setFailure("");
    const result = await accountApi.sendResetCode(email.trim(), locale).catch(() => null);
    setBusy(false);
    if (!result?.success) {
      setFailure(result ? failureMessage(t, result, "auth.failed") : t("auth.failed"));
      return false;
    }
    setNote(t("auth.codeSent"));
    startWait(result.data.resendAfterSeconds || RESEND_SECONDS);
    return true;
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure("");
    if (step === 0) {
      if (await sendCode()) setStep(1);
    } else if (step === 1) {
      const problem = checkCode(code);
      setErrors({ code: problem });
      if (problem) return;
      setBusy(true);
      const result = await accountApi.verifyResetCode(email.trim(), code.trim()).catch(() => null);
      setBusy(false);
      if (result?.success) {
        setResetToken(result.data.resetToken);
        setNote("");
        setStep(2);
      } else setFailure(result ? failureMessage(t, result, "auth.codeRejected") : t("auth.failed"));
    } else if (step === 2) {
      const found = {
        password: checkPassword(password),
        confirm: checkConfirmation(password, confirm),
      };
      setErrors(found);
      if (found.password || found.confirm) return;
      setBusy(true);
      const result = await accountApi
        .resetPassword(email.trim(), resetToken, password)
        .catch(() => null);
      setBusy(false);
      if (result?.success) setStep(3);
      else setFailure(result ? failureMessage(t, result, "auth.failed") : t("auth.failed"));
    }
  }

  return (
    <div className="auth-reset">
      <ol className="auth-steps" aria-label={t("auth.steps")}>
        {STEPS.map((key, i) => (
          <li key={key} aria-current={i === step ? "step" : undefined} data-done={i < step}>
            {t(key)}
          </li>
        ))}
      </ol>
      {step === 3 ? (
        <div className="auth-form">
          <p role="status">{t("auth.resetDone")}</p>
          <button type="button" className="button button-primary" onClick={onDone}>
            {t("auth.backToLogin")}
          </button>
        </div>
      ) : (
        <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
          {step === 0 && (
            <TextField
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              label={t("auth.email")}
              value={email}
              onChange={setEmail}
              maxLength={254}
              error={message("email")}
              autoFocus
            />
          )}
          {step === 1 && (
            <CodeField
              id={`${id}-code`}
              t={t}
              value={code}
              onChange={setCode}
              error={message("code")}
              wait={wait}
              sending={busy}
              onSend={() => void sendCode()}
            />
          )}
          {step === 2 && (
            <>
              <TextField
                id={`${id}-password`}
                name="password"
                type="password"
                autoComplete="new-password"
                label={t("auth.newPassword")}
                hint={t("auth.passwordHint")}
                value={password}
                onChange={setPassword}
                maxLength={16}
                error={message("password")}
                autoFocus
              />
              <TextField
                id={`${id}-confirm`}
                name="confirm"
                type="password"
                autoComplete="new-password"
                label={t("auth.confirmPassword")}
                value={confirm}
                onChange={setConfirm}
                maxLength={16}
                error={message("confirm")}
              />
            </>
          )}
          <FormStatus note={note} failure={failure} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t("auth.working") : step === 1 ? t("auth.verify") : t("auth.next")}
          </button>
        </form>
      )}
    </div>
  );
}
