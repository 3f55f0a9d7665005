import type { ReaderTranslate } from "../../i18n/reader.ts";
import { checkEmail } from "../../shared/auth-rules.ts";
import { AccountForm } from "./AccountForm.tsx";
import { accountApi } from "./account-api.ts";
import { CurrentPasswordField, EmailField } from "./fields.tsx";
import { checkGiven, enter, useAccountCall, useAccountForm } from "./form-state.ts";

export function LoginForm({ t }: { t: ReaderTranslate }) {
  const { form, bind } = useAccountForm(t, { email: "", password: "" }, (values) => ({
    email: checkEmail(values.email),
    password: checkGiven(values.password),
  }));
  const call = useAccountCall(t);

  const submit = form.handleSubmit((values) =>
    call.run(() => accountApi.login(values.email.trim(), values.password), enter, {
      // A locked account and too many tries say how long to wait; anything else is one sentence.
      explain: (result) => {
        const seconds = result?.error?.retryAfterSeconds ?? 60;
        if (result?.code !== 429) return t("auth.loginFailed");
        if (result.error?.issues?.some((issue) => issue.key === "auth.accountLocked")) {
          return t("auth.accountLocked", { seconds });
        }
        return t("auth.tooMany", { seconds });
      },
    }),
  );

  return (
    <AccountForm t={t} status={call} onSubmit={submit} submit="auth.login" working="auth.loggingIn">
      <EmailField {...bind("email")} autoFocus />
      <CurrentPasswordField {...bind("password")} label={t("auth.password")} />
    </AccountForm>
  );
}
