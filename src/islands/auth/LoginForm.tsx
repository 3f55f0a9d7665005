import { type SubmitEvent, useId, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import { checkEmail, type ValidationKey } from "../../shared/auth-rules.ts";
import { setUserInfo } from "../../stores/user.ts";
import { FormStatus, focusFirstProblem } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { accountApi, nextPath } from "./account-api.ts";

export function LoginForm({ t }: { t: Translate }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{
    email?: ValidationKey | null;
    password?: ValidationKey | null;
  }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      email: checkEmail(email),
      password: password ? null : ("validation.passwordRequired" as const),
    };
    setErrors(found);
    if (focusFirstProblem(event.currentTarget, ["email", "password"], found)) return;
    setBusy(true);
    setFailure("");
    const result = await accountApi.login(email.trim(), password).catch(() => null);
    setBusy(false);
    if (result?.success) {
      setUserInfo(result.data);
      window.location.assign(nextPath(window.location.search, window.location.origin));
    } else {
      const error = result && !result.success ? result.error : undefined;
      const seconds = error?.retryAfterSeconds ?? 60;
      if (result?.code !== 429) setFailure(t("auth.loginFailed"));
      else if (error?.issues?.some((issue) => issue.key === "auth.accountLocked")) {
        setFailure(t("auth.accountLocked", { seconds }));
      } else setFailure(t("auth.tooMany", { seconds }));
    }
  }

  const message = (key: ValidationKey | null | undefined) => (key ? t(key) : undefined);
  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
      <TextField
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        label={t("auth.email")}
        value={email}
        onChange={setEmail}
        maxLength={254}
        error={message(errors.email)}
        autoFocus
      />
      <TextField
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="current-password"
        label={t("auth.password")}
        value={password}
        onChange={setPassword}
        maxLength={64}
        error={message(errors.password)}
      />
      <FormStatus note="" failure={failure} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? t("auth.loggingIn") : t("auth.login")}
      </button>
    </form>
  );
}
