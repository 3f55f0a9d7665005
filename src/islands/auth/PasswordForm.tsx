import { type SubmitEvent, useId, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import { checkConfirmation, checkPassword, type ValidationKey } from "../../shared/auth-rules.ts";
import { FormStatus, focusFirstProblem } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { accountApi } from "./account-api.ts";
import { failureMessage } from "./messages.ts";

type Field = "current" | "password" | "confirm";

/** Change password with the current one; the server logs out the user's other sessions. */
export function PasswordForm({ t }: { t: Translate }) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    current: "",
    password: "",
    confirm: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, ValidationKey | null>>>({});
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const set = (field: Field) => (value: string) => setValues({ ...values, [field]: value });
  const message = (field: Field) => (errors[field] ? t(errors[field]) : undefined);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      current: values.current ? null : ("validation.passwordRequired" as const),
      password: checkPassword(values.password),
      confirm: checkConfirmation(values.password, values.confirm),
    };
    setErrors(found);
    if (focusFirstProblem(event.currentTarget, ["current", "password", "confirm"], found)) return;
    setBusy(true);
    setFailure("");
    setNote("");
    const result = await accountApi
      .changePassword(values.current, values.password)
      .catch(() => null);
    setBusy(false);
    if (result?.success) {
      setValues({ current: "", password: "", confirm: "" });
      setNote(t("profile.passwordChanged"));
    } else if (result?.code === 400) setFailure(t("profile.wrongPassword"));
    else setFailure(result ? failureMessage(t, result, "auth.failed") : t("auth.failed"));
  }

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t("profile.passwordTitle")}</h2>
      <TextField
        id={`${id}-current`}
        name="current"
        type="password"
        autoComplete="current-password"
        label={t("profile.currentPassword")}
        value={values.current}
        onChange={set("current")}
        maxLength={64}
        error={message("current")}
        autoFocus
      />
      <TextField
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="new-password"
        label={t("auth.newPassword")}
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
        {busy ? t("auth.working") : t("profile.apply")}
      </button>
    </form>
  );
}
