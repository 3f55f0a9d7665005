import { useStore } from "@nanostores/react";
import { type SubmitEvent, useState } from "react";
import type { ReaderTranslate } from "../../i18n/reader.ts";
import { checkCode } from "../../shared/auth-rules.ts";
import type { UserInfo } from "../../shared/user-info.ts";
import { $locale } from "../../stores/locale.ts";
import { AccountForm } from "./AccountForm.tsx";
import { accountApi } from "./account-api.ts";
import { CodeInput, CurrentPasswordField } from "./fields.tsx";
import { checkGiven, keepUser, useAccountCall, useAccountForm } from "./form-state.ts";

interface Props {
  t: ReaderTranslate;
  info: UserInfo;
  /** The new address, already checked for its format. */
  email: string;
  /** Called with the stored user once the change is done, or null when the reader gives up. */
  onDone: (changed: boolean) => void;
}

/**
 * The second step of a new email address: the current password sends a code to the new
 * address, and the code makes the change (the server never changes an address without it).
 */
export function EmailChangeForm({ t, info, email, onDone }: Props) {
  const locale = useStore($locale);
  const { form, bind } = useAccountForm(t, { currentPassword: "", code: "" }, (values) => ({
    currentPassword: checkGiven(values.currentPassword),
    code: checkCode(values.code),
  }));
  const [sent, setSent] = useState(false);
  const call = useAccountCall(t);

  // Each step checks its own field (`trigger`): the code is still empty while sending.
  async function send() {
    if (!(await form.trigger("currentPassword", { shouldFocus: true }))) return;
    await call.run(
      () => accountApi.requestEmailChange(email, form.getValues("currentPassword"), locale),
      () => {
        setSent(true);
        call.setNote(t("profile.emailChangeSent", { email }));
      },
      {
        // A wrong password belongs to its field, not to the failure line.
        explain: (result) => {
          if (!result?.error?.issues?.some((issue) => issue.field === "password")) return undefined;
          form.setError("currentPassword", { message: "profile.wrongPassword" });
          return "";
        },
      },
    );
  }

  async function confirm() {
    if (!(await form.trigger("code", { shouldFocus: true }))) return;
    await call.run(
      () => accountApi.confirmEmailChange(email, form.getValues("code").trim(), locale),
      (user) => {
        keepUser(info.token, user);
        onDone(true);
      },
    );
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void (sent ? confirm() : send());
  }

  return (
    <AccountForm
      t={t}
      title="profile.emailChangeTitle"
      status={call}
      onSubmit={submit}
      submit={sent ? "profile.emailChangeConfirm" : "profile.emailChangeSend"}
      actions={
        <>
          <button type="button" className="button" onClick={() => onDone(false)}>
            {t("profile.emailChangeCancel")}
          </button>
          {sent ? (
            <button
              type="button"
              className="button"
              disabled={call.busy}
              onClick={() => void send()}
            >
              {t("auth.sendCode")}
            </button>
          ) : null}
        </>
      }
    >
      <p>{t("profile.emailChangeIntro", { email })}</p>
      <CurrentPasswordField
        {...bind("currentPassword")}
        label={t("profile.currentPassword")}
        autoFocus
      />
      {sent ? <CodeInput {...bind("code")} /> : null}
    </AccountForm>
  );
}
