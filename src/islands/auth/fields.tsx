import type { Translate } from "../../i18n/core.ts";
import { PASSWORD_MAX } from "../../shared/auth-rules.ts";
import type { BoundField } from "../ui/bind-field.ts";
import { TextField } from "../ui/TextField.tsx";

// The account forms' fields, each written once: the same field has the same label, limit and
// autocomplete wherever it appears (log in, register, reset, settings, password, email change).

interface Props extends BoundField {
  t: Translate;
  autoFocus?: boolean;
}

export function EmailField({ t, ...props }: Props) {
  return (
    <TextField
      {...props}
      type="email"
      autoComplete="email"
      label={t("auth.email")}
      maxLength={254}
    />
  );
}

export function UserNameField({ t, ...props }: Props) {
  return (
    <TextField
      {...props}
      autoComplete="username"
      label={t("auth.userName")}
      hint={t("auth.userNameHint")}
      maxLength={10}
    />
  );
}

/** The password a person has now (checked by the server, so longer than a new one may be). */
export function CurrentPasswordField(props: BoundField & { label: string; autoFocus?: boolean }) {
  return <TextField {...props} type="password" autoComplete="current-password" maxLength={64} />;
}

interface NewPasswordProps {
  t: Translate;
  /** "Password" when registering, "New password" when changing one. */
  label: string;
  /** The form's binder: the fields are its `password` and `confirm`. */
  field: (name: "password" | "confirm") => BoundField;
  autoFocus?: boolean;
}

/** A new password with its rules as a hint, and the same typed again. */
export function NewPasswordFields({ t, label, field, autoFocus }: NewPasswordProps) {
  return (
    <>
      <TextField
        {...field("password")}
        type="password"
        autoComplete="new-password"
        label={label}
        hint={t("auth.passwordHint")}
        maxLength={PASSWORD_MAX}
        autoFocus={Boolean(autoFocus)}
      />
      <TextField
        {...field("confirm")}
        type="password"
        autoComplete="new-password"
        label={t("auth.confirmPassword")}
        maxLength={PASSWORD_MAX}
      />
    </>
  );
}

/** The 6-digit code a person was sent by email. */
export function CodeInput({ t, ...props }: Props) {
  return (
    <TextField
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      label={t("auth.code")}
      maxLength={6}
    />
  );
}

interface CodeFieldProps extends Props {
  /** Seconds before another code may be sent; 0 when it may. */
  wait: number;
  sending: boolean;
  onSend: () => void;
}

/** The code input with its send button and visible resend countdown. */
export function CodeField({ wait, sending, onSend, ...props }: CodeFieldProps) {
  return (
    <div className="auth-code">
      <CodeInput {...props} />
      <button type="button" className="button" onClick={onSend} disabled={wait > 0 || sending}>
        {wait > 0 ? props.t("auth.resendIn", { seconds: wait }) : props.t("auth.sendCode")}
      </button>
    </div>
  );
}
