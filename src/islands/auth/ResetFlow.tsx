import { type SubmitEvent, useState } from "react";
import type { ReaderKey, ReaderTranslate } from "../../i18n/reader.ts";
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkPassword,
} from "../../shared/auth-rules.ts";
import { AccountForm } from "./AccountForm.tsx";
import { accountApi } from "./account-api.ts";
import { CodeField, EmailField, NewPasswordFields } from "./fields.tsx";
import { useAccountCall, useAccountForm, useCodeSender } from "./form-state.ts";

const EMPTY = { email: "", code: "", password: "", confirm: "" };
const STEPS: ReaderKey[] = ["auth.step1", "auth.step2", "auth.step3", "auth.step4"];

/** SPEC.md section 4: retrieve password, identity verification, reset password, finish. */
export function ResetFlow({ t, onDone }: { t: ReaderTranslate; onDone: () => void }) {
  const [step, setStep] = useState(0);
  // Each step checks its own fields (`trigger`): the rest are still empty.
  const { form, bind } = useAccountForm(t, EMPTY, (values) => ({
    email: checkEmail(values.email),
    code: checkCode(values.code),
    password: checkPassword(values.password),
    confirm: checkConfirmation(values.password, values.confirm),
  }));
  const [resetToken, setResetToken] = useState("");
  const call = useAccountCall(t);
  const code = useCodeSender(t, call, accountApi.sendResetCode);

  async function sendCode() {
    return (await form.trigger("email")) && (await code.send(form.getValues("email")));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    call.setFailure("");
    const values = form.getValues();
    if (step === 0) {
      if (await sendCode()) setStep(1);
    } else if (step === 1) {
      if (!(await form.trigger("code", { shouldFocus: true }))) return;
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
      if (!(await form.trigger(["password", "confirm"], { shouldFocus: true }))) return;
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
          {step === 0 && <EmailField {...bind("email")} autoFocus />}
          {step === 1 && (
            <CodeField
              {...bind("code")}
              wait={code.wait}
              sending={call.busy}
              onSend={() => void sendCode()}
            />
          )}
          {step === 2 && <NewPasswordFields label={t("auth.newPassword")} bind={bind} autoFocus />}
        </AccountForm>
      )}
    </div>
  );
}
