import { type SubmitEvent, useId, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import { checkEmail, checkUserName, type ValidationKey } from "../../shared/auth-rules.ts";
import type { UserInfo } from "../../shared/user-info.ts";
import { setUserInfo } from "../../stores/user.ts";
import { FormStatus, focusFirstProblem } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { accountApi } from "./account-api.ts";
import { EmailChangeForm } from "./EmailChangeForm.tsx";
import { failureMessage } from "./messages.ts";

const SEXES = ["male", "female", "secret"] as const;

/** SPEC.md section 2's personal settings form. */
export function ProfileForm({ t, info }: { t: Translate; info: UserInfo }) {
  const id = useId();
  const initial = () => ({
    email: info.user.email,
    userName: info.user.userName,
    desc: info.user.desc,
    sex: info.user.sex,
    birthday: info.user.birthday ?? "",
  });
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<{
    email?: ValidationKey | null;
    userName?: ValidationKey | null;
  }>({});
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");

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
    setBusy(true);
    const result = await accountApi.uploadAvatar(file).catch(() => null);
    setBusy(false);
    if (result?.success) {
      setAvatar(result.data.avatar);
      setUserInfo({ token: info.token, user: { ...result.data, isLogin: true } });
      setNote(t("profile.saved"));
    } else setFailure(result ? failureMessage(t, result, "auth.failed") : t("auth.failed"));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = { email: checkEmail(values.email), userName: checkUserName(values.userName) };
    setErrors(found);
    if (focusFirstProblem(event.currentTarget, ["email", "userName"], found)) return;
    setBusy(true);
    setNote("");
    setFailure("");
    const email = values.email.trim().toLowerCase();
    const result = await accountApi
      .updateProfile({
        userName: values.userName.trim(),
        desc: values.desc.trim(),
        sex: values.sex,
        birthday: values.birthday || null,
      })
      .catch(() => null);
    setBusy(false);
    if (result?.success) {
      setUserInfo({ token: info.token, user: { ...result.data, isLogin: true } });
      setNote(t("profile.saved"));
      if (email !== info.user.email.toLowerCase()) setNewEmail(email);
    } else setFailure(result ? failureMessage(t, result, "auth.failed") : t("auth.failed"));
  }

  function emailChangeDone(changed: boolean) {
    setNewEmail(null);
    if (changed) setNote(t("profile.emailChanged"));
    else setValues((current) => ({ ...current, email: info.user.email }));
  }

  if (newEmail) {
    return <EmailChangeForm t={t} info={info} email={newEmail} onDone={emailChangeDone} />;
  }
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t("profile.title")}</h2>
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
      <TextField
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        label={t("auth.email")}
        value={values.email}
        onChange={(email) => setValues({ ...values, email })}
        maxLength={254}
        error={errors.email ? t(errors.email) : undefined}
      />
      <TextField
        id={`${id}-user`}
        name="userName"
        autoComplete="username"
        label={t("auth.userName")}
        hint={t("auth.userNameHint")}
        value={values.userName}
        onChange={(userName) => setValues({ ...values, userName })}
        maxLength={10}
        error={errors.userName ? t(errors.userName) : undefined}
      />
      <TextField
        id={`${id}-desc`}
        name="desc"
        label={t("profile.introduction")}
        value={values.desc}
        onChange={(desc) => setValues({ ...values, desc })}
        maxLength={200}
        multiline
      />
      <fieldset className="auth-choices">
        <legend className="field-label">{t("profile.sex")}</legend>
        {SEXES.map((sex) => (
          <label key={sex}>
            <input
              type="radio"
              name="sex"
              value={sex}
              checked={values.sex === sex}
              onChange={() => setValues({ ...values, sex })}
            />
            {t(`profile.${sex}`)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-birthday`} className="field-label">
          {t("profile.birthday")}
        </label>
        <input
          id={`${id}-birthday`}
          name="birthday"
          type="date"
          className="field-input"
          value={values.birthday}
          max={new Date().toISOString().slice(0, 10)}
          onChange={(e) => setValues({ ...values, birthday: e.target.value })}
        />
      </div>
      <FormStatus note={note} failure={failure} />
      <div className="auth-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            setValues(initial());
            setErrors({});
            setFailure("");
          }}
        >
          {t("profile.cancel")}
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t("auth.working") : t("profile.apply")}
        </button>
      </div>
    </form>
  );
}
