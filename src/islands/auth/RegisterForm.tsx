import { useState } from "react";
import type { ReaderTranslate } from "../../i18n/reader.ts";
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
import { enter, useAccountCall, useAccountForm, useCodeSender } from "./form-state.ts";

const EMPTY = { email: "", code: "", userName: "", password: "", confirm: "" };

export function RegisterForm({ t }: { t: ReaderTranslate }) {
  const { form, bind } = useAccountForm(t, EMPTY, (values) => ({
    email: checkEmail(values.email),
    code: checkCode(values.code),
    userName: checkReaderName(values.userName),
    password: checkPassword(values.password),
    confirm: checkConfirmation(values.password, values.confirm),
  }));
  const call = useAccountCall(t);
  const code = useCodeSender(t, call, accountApi.sendRegisterCode);
  const [sending, setSending] = useState(false);

  async function sendCode() {
    if (await form.trigger("email")) {
      await code.send(form.getValues("email"), { pending: setSending });
    }
  }

  const submit = form.handleSubmit(
    (values) =>
      call.run(
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
      ),
    () => call.setFailure(t("validation.checkInput")),
  );

  return (
    <AccountForm
      t={t}
      status={call}
      onSubmit={submit}
      submit="auth.register"
      working="auth.registering"
    >
      <EmailField {...bind("email")} autoFocus />
      <CodeField
        {...bind("code")}
        wait={code.wait}
        sending={sending}
        onSend={() => void sendCode()}
      />
      <UserNameField {...bind("userName")} />
      <NewPasswordFields label={t("auth.password")} bind={bind} />
    </AccountForm>
  );
}
