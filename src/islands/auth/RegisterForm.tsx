import { type SubmitEvent, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkPassword,
  checkReaderName,
} from "../../shared/auth-rules.ts";
import { AccountForm } from "./AccountForm.tsx";
import { accountApi } from "./account-api.ts";
import { CodeField, EmailField, NewPasswordFields, UserNameField } from "./fields.tsx";
import { enter, useAccountCall, useCodeSender, useFields } from "./form-state.ts";

export function RegisterForm({ t }: { t: Translate }) {
  const { values, setProblems, field, refuse } = useFields(t, () => ({
    email: "",
    code: "",
    userName: "",
    password: "",
    confirm: "",
  }));
  const call = useAccountCall(t);
  const code = useCodeSender(t, call, accountApi.sendRegisterCode);
  const [sending, setSending] = useState(false);

  async function sendCode() {
    const problem = checkEmail(values.email);
    setProblems((current) => ({ ...current, email: problem }));
    if (!problem) await code.send(values.email, { pending: setSending });
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      email: checkEmail(values.email),
      code: checkCode(values.code),
      userName: checkReaderName(values.userName),
      password: checkPassword(values.password),
      confirm: checkConfirmation(values.password, values.confirm),
    };
    if (refuse(event.currentTarget, found)) {
      call.setFailure(t("validation.checkInput"));
      return;
    }
    await call.run(
      () =>
        accountApi.register(
          values.email.trim(),
          values.code.trim(),
          values.userName.trim(),
          values.password,
        ),
      (info) => {
        call.setNote(t("auth.registered"));
        enter(info, "auth.registered");
      },
      { fallback: "validation.checkInput" },
    );
  }

  return (
    <AccountForm
      t={t}
      status={call}
      onSubmit={submit}
      submit="auth.register"
      working="auth.registering"
    >
      <EmailField t={t} {...field("email")} autoFocus />
      <CodeField
        t={t}
        {...field("code")}
        wait={code.wait}
        sending={sending}
        onSend={() => void sendCode()}
      />
      <UserNameField t={t} {...field("userName")} />
      <NewPasswordFields t={t} label={t("auth.password")} field={field} />
    </AccountForm>
  );
}
