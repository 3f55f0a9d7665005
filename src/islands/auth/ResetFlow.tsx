import { type SubmitEvent, useState } from "react";
import type { MessageKey, Translate } from "../../i18n/core.ts";
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkPassword,
} from "../../shared/auth-rules.ts";
import { AccountForm } from "./AccountForm.tsx";
import { accountApi } from "./account-api.ts";
import { CodeField, EmailField, NewPasswordFields } from "./fields.tsx";
import { useAccountCall, useCodeSender, useFields } from "./form-state.ts";

const STEPS: MessageKey[] = ["auth.step1", "auth.step2", "auth.step3", "auth.step4"];

/** SPEC.md section 4: retrieve password, identity verification, reset password, finish. */
export function ResetFlow({ t, onDone }: { t: Translate; onDone: () => void }) {
  const [step, setStep] = useState(0);
  const { values, setProblems, field } = useFields(t, () => ({
    email: "",
    code: "",
    password: "",
    confirm: "",
  }));
  const [resetToken, setResetToken] = useState("");
  const call = useAccountCall(t);
  const code = useCodeSender(t, call, accountApi.sendResetCode);

  async function sendCode() {
    const problem = checkEmail(values.email);
    setProblems({ email: problem });
    return !problem && (await code.send(values.email));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    call.setFailure("");
    if (step === 0) {
      if (await sendCode()) setStep(1);
    } else if (step === 1) {
      const problem = checkCode(values.code);
      setProblems({ code: problem });
      if (problem) return;
      await call.run(
        () => accountApi.verifyResetCode(values.email.trim(), values.code.trim()),
        (verified) => {
          setResetToken(verified.resetToken);
          call.setNote("");
          setStep(2);
        },
        { fallback: "auth.codeRejected" },
      );
    } else if (step === 2) {
      const found = {
        password: checkPassword(values.password),
        confirm: checkConfirmation(values.password, values.confirm),
      };
      setProblems(found);
      if (found.password || found.confirm) return;
      await call.run(
        () => accountApi.resetPassword(values.email.trim(), resetToken, values.password),
        () => setStep(3),
      );
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
        <AccountForm
          t={t}
          status={call}
          onSubmit={submit}
          submit={step === 1 ? "auth.verify" : "auth.next"}
        >
          {step === 0 && <EmailField t={t} {...field("email")} autoFocus />}
          {step === 1 && (
            <CodeField
              t={t}
              {...field("code")}
              wait={code.wait}
              sending={call.busy}
              onSend={() => void sendCode()}
            />
          )}
          {step === 2 && (
            <NewPasswordFields t={t} label={t("auth.newPassword")} field={field} autoFocus />
          )}
        </AccountForm>
      )}
    </div>
  );
}
