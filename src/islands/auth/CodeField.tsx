import type { Translate } from "../../i18n/core.ts";
import { TextField } from "../ui/TextField.tsx";

interface Props {
  id: string;
  t: Translate;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Seconds before another code may be sent; 0 when it may. */
  wait: number;
  sending: boolean;
  onSend: () => void;
}

/** The 6-digit code input with its send button and visible resend countdown. */
export function CodeField({ id, t, value, onChange, error, wait, sending, onSend }: Props) {
  return (
    <div className="auth-code">
      <TextField
        id={id}
        name="code"
        label={t("auth.code")}
        value={value}
        onChange={onChange}
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={error}
      />
      <button type="button" className="button" onClick={onSend} disabled={wait > 0 || sending}>
        {wait > 0 ? t("auth.resendIn", { seconds: wait }) : t("auth.sendCode")}
      </button>
    </div>
  );
}
