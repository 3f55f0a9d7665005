import { type ReactNode, type SubmitEvent, useId } from "react";
import type { MessageKey, Translate } from "../../i18n/core.ts";
import { FormStatus } from "../ui/FormStatus.tsx";

interface Props {
  t: Translate;
  /** The heading that names the form, when the page does not. */
  title?: MessageKey;
  /** The running call and its outcome (useAccountCall). */
  status: { busy: boolean; note: string; failure: string };
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  /** The submit button's words, and its words while the call runs ("Working…" unless said). */
  submit: MessageKey;
  working?: MessageKey;
  /** Other buttons, in a row before the submit button. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * An account form: the browser's own validation off (each field shows its problem), busy while
 * its call runs, and at its end the status lines and the submit button.
 */
export function AccountForm(props: Props) {
  const { t, title, status, actions } = props;
  const id = useId();
  const button = (
    <button type="submit" className="button button-primary" disabled={status.busy}>
      {t(status.busy ? (props.working ?? "auth.working") : props.submit)}
    </button>
  );
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={props.onSubmit}
      aria-busy={status.busy}
      aria-labelledby={title ? `${id}-title` : undefined}
    >
      {title ? <h2 id={`${id}-title`}>{t(title)}</h2> : null}
      {props.children}
      <FormStatus note={status.note} failure={status.failure} />
      {actions ? (
        <div className="auth-actions">
          {actions}
          {button}
        </div>
      ) : (
        button
      )}
    </form>
  );
}
