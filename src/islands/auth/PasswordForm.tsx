import type { ReaderTranslate } from "../../i18n/reader.ts";
import { checkConfirmation, checkPassword } from "../../shared/auth-rules.ts";
import { AccountForm } from "./AccountForm.tsx";
import { accountApi } from "./account-api.ts";
import { CurrentPasswordField, NewPasswordFields } from "./fields.tsx";
import { checkGiven, useAccountCall, useAccountForm } from "./form-state.ts";

const EMPTY = { current: "", password: "", confirm: "" };

/**
 * Change password with the current one; the server logs out the user's other sessions. On its
 * own page (`onOwnPage`) the page's heading names it and the current password takes focus;
 * among other forms it has its own heading and nothing moves.
 */
export function PasswordForm({
  t,
  onOwnPage = false,
}: {
  t: ReaderTranslate;
  onOwnPage?: boolean;
}) {
  const { form, bind } = useAccountForm(t, EMPTY, (values) => ({
    current: checkGiven(values.current),
    password: checkPassword(values.password),
    confirm: checkConfirmation(values.password, values.confirm),
  }));
  const call = useAccountCall(t);

  const submit = form.handleSubmit(async (values) => {
    call.setNote("");
    await call.run(
      () => accountApi.changePassword(values.current, values.password),
      () => {
        form.reset(EMPTY);
        call.setNote(t("profile.passwordChanged"));
      },
      // The server answers a wrong current password with 400.
      { explain: (result) => (result?.code === 400 ? t("profile.wrongPassword") : undefined) },
    );
  });

  return (
    <AccountForm
      t={t}
      title="profile.passwordTitle"
      headed={!onOwnPage}
      status={call}
      onSubmit={submit}
      submit="profile.apply"
    >
      <CurrentPasswordField
        {...bind("current")}
        label={t("profile.currentPassword")}
        autoFocus={onOwnPage}
      />
      <NewPasswordFields label={t("auth.newPassword")} bind={bind} />
    </AccountForm>
  );
}
