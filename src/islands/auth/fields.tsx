import type { FieldValues } from "react-hook-form";
import type { ReaderTranslate } from "../../i18n/reader.ts";
import { PASSWORD_MAX } from "../../shared/auth-rules.ts";
import { type Bound, FormTextField } from "../ui/form-fields.tsx";

// The account forms' fields, each written once: the same field has the same label, limit and
// autocomplete wherever it appears (log in, register, reset, settings, password, email change).

type Props<V extends FieldValues> = Bound<V, V, ReaderTranslate> & { autoFocus?: boolean };

export function EmailField<V extends FieldValues>(props: Props<V>) {
  return (
    <FormTextField
      {...props}
      type="email"
      autoComplete="email"
      label={props.t("auth.email")}
      maxLength={254}
    />
  );
}

export function UserNameField<V extends FieldValues>(props: Props<V>) {
  return (
    <FormTextField
      {...props}
      autoComplete="username"
      label={props.t("auth.userName")}
      hint={props.t("auth.userNameHint")}
      maxLength={10}
    />
  );
}

/** The password a person has now (checked by the server, so longer than a new one may be). */
export function CurrentPasswordField<V extends FieldValues>(props: Props<V> & { label: string }) {
  return (
    <FormTextField {...props} type="password" autoComplete="current-password" maxLength={64} />
  );
}

interface NewPasswordProps<V extends FieldValues> {
  /** "Password" when registering, "New password" when changing one. */
  label: string;
  /** The form's binder: the fields are its `password` and `confirm`. */
  bind: (name: "password" | "confirm") => Bound<V, V, ReaderTranslate>;
  autoFocus?: boolean;
}

/** A new password with its rules as a hint, and the same typed again. */
export function NewPasswordFields<V extends FieldValues>({
  label,
  bind,
  autoFocus,
}: NewPasswordProps<V>) {
  const confirm = bind("confirm");
  return (
    <>
      <FormTextField
        {...bind("password")}
        type="password"
        autoComplete="new-password"
        label={label}
        hint={confirm.t("auth.passwordHint")}
        maxLength={PASSWORD_MAX}
        autoFocus={Boolean(autoFocus)}
      />
      <FormTextField
        {...confirm}
        type="password"
        autoComplete="new-password"
        label={confirm.t("auth.confirmPassword")}
        maxLength={PASSWORD_MAX}
      />
    </>
  );
}

/** The 6-digit code a person was sent by email. */
export function CodeInput<V extends FieldValues>(props: Props<V>) {
  return (
    <FormTextField
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      label={props.t("auth.code")}
      maxLength={6}
    />
  );
}

type CodeFieldProps<V extends FieldValues> = Props<V> & {
  /** Seconds before another code may be sent; 0 when it may. */
  wait: number;
  sending: boolean;
  onSend: () => void;
};

/** The code input with its send button and visible resend countdown. */
export function CodeField<V extends FieldValues>({
  wait,
  sending,
  onSend,
  ...props
}: CodeFieldProps<V>) {
  return (
    <div className="auth-code">
      <CodeInput {...props} />
      <button type="button" className="button" onClick={onSend} disabled={wait > 0 || sending}>
        {wait > 0 ? props.t("auth.resendIn", { seconds: wait }) : props.t("auth.sendCode")}
      </button>
    </div>
  );
}
