import { useId, useState } from "react";
import type { ReaderTranslate } from "../../i18n/reader.ts";
import { checkEmail, checkUserName } from "../../shared/auth-rules.ts";
import type { UserInfo } from "../../shared/user-info.ts";
import { FormTextField } from "../ui/form-fields.tsx";
import { AccountForm } from "./AccountForm.tsx";
import { accountApi } from "./account-api.ts";
import { EmailChangeForm } from "./EmailChangeForm.tsx";
import { EmailField, UserNameField } from "./fields.tsx";
import { keepUser, useAccountCall, useAccountForm } from "./form-state.ts";

const SEXES = ["male", "female", "secret"] as const;

interface Props {
  t: ReaderTranslate;
  info: UserInfo;
  /** On its own page, whose heading names it; else it has its own heading. */
  onOwnPage?: boolean;
}

/** SPEC.md section 2's personal settings form. */
export function ProfileForm({ t, info, onOwnPage = false }: Props) {
  const id = useId();
  const initial = {
    email: info.user.email,
    userName: info.user.userName,
    desc: info.user.desc,
    birthday: info.user.birthday ?? "",
    sex: info.user.sex,
  };
  const { form, bind } = useAccountForm(t, initial, (values) => ({
    email: checkEmail(values.email),
    userName: checkUserName(values.userName),
  }));
  const call = useAccountCall(t);
  const { setNote, setFailure } = call;

  const [avatar, setAvatar] = useState(info.user.avatar);
  /** A new address waiting for its code (the server changes an address only with one). */
  const [newEmail, setNewEmail] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setNote("");
    setFailure("");
    if (!/^image\/(png|jpeg|webp)$/.test(file.type) || file.size > 2 * 1024 * 1024) {
      setFailure(t("profile.avatarHint"));
      return;
    }
    await call.run(
      () => accountApi.uploadAvatar(file),
      (user) => {
        setAvatar(user.avatar);
        keepUser(info.token, user);
        setNote(t("profile.saved"));
      },
    );
  }

  const submit = form.handleSubmit(async (values) => {
    setNote("");
    const email = values.email.trim().toLowerCase();
    const changes = {
      userName: values.userName.trim(),
      desc: values.desc.trim(),
      sex: values.sex,
      birthday: values.birthday || null,
    };
    await call.run(
      () => accountApi.updateProfile(changes),
      (user) => {
        keepUser(info.token, user);
        setNote(t("profile.saved"));
        if (email !== info.user.email.toLowerCase()) setNewEmail(email);
      },
    );
  });

  function cancel() {
    form.reset(initial);
    setFailure("");
  }

  function emailChangeDone(changed: boolean) {
    setNewEmail(null);
    if (changed) setNote(t("profile.emailChanged"));
    else form.setValue("email", info.user.email);
  }

  if (newEmail) {
    return <EmailChangeForm t={t} info={info} email={newEmail} onDone={emailChangeDone} />;
  }
  return (
    <AccountForm
      t={t}
      title="profile.title"
      headed={!onOwnPage}
      status={call}
      onSubmit={submit}
      submit="profile.apply"
      actions={
        <button type="button" className="button" onClick={cancel}>
          {t("profile.cancel")}
        </button>
      }
    >
      <div className="field">
        <span className="field-label" id={`${id}-avatar-label`}>
          {t("profile.avatar")}
        </span>
        <div className="auth-avatar">
          {avatar ? <img src={avatar} alt="" width="56" height="56" /> : null}
          <label className="button" htmlFor={`${id}-avatar`}>
            {t("profile.chooseAvatar")}
          </label>
          <input
            id={`${id}-avatar`}
            name="avatar"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="visually-hidden"
            aria-labelledby={`${id}-avatar-label`}
            aria-describedby={`${id}-avatar-hint`}
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </div>
        <span className="field-hint" id={`${id}-avatar-hint`}>
          {t("profile.avatarHint")}
        </span>
      </div>
      <EmailField {...bind("email")} />
      <UserNameField {...bind("userName")} />
      <FormTextField
        {...bind("desc")}
        label={t("profile.introduction")}
        maxLength={200}
        multiline
      />
      <fieldset className="auth-choices">
        <legend className="field-label">{t("profile.sex")}</legend>
        {SEXES.map((choice) => (
          <label key={choice}>
            <input type="radio" value={choice} {...form.register("sex")} />
            {t(`profile.${choice}`)}
          </label>
        ))}
      </fieldset>
      <FormTextField
        {...bind("birthday")}
        type="date"
        label={t("profile.birthday")}
        max={new Date().toISOString().slice(0, 10)}
      />
    </AccountForm>
  );
}
