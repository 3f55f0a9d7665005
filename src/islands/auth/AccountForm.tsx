import { type ReactNode, type SubmitEvent, useId } from "react";
import type { ReaderKey, ReaderTranslate } from "../../i18n/reader.ts";
import { FormStatus } from "../ui/FormStatus.tsx";

interface Props {
  t: ReaderTranslate;
  /** The words that name the form: its heading, or its label alone (`headed` false). */
  title?: ReaderKey;
  /** Shows `title` as a heading; false on a page whose own heading says it. */
  headed?: boolean;
  /** The running call and its outcome (useAccountCall). */
  status: { busy: boolean; note: string; failure: string };
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  /** The submit button's words, and its words while the call runs ("Working…" unless said). */
  submit: ReaderKey;
  working?: ReaderKey;
  /** Other buttons, in a row before the submit button. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * An account form: the browser's own validation off (each field shows its problem), busy while
 * its call runs, and at its end the status lines and the submit button.
 */
export function AccountForm(props: Props) {
  const { t, title, status, actions, headed = true } = props;
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
      aria-labelledby={title && headed ? `${id}-title` : undefined}
      aria-label={title && !headed ? t(title) : undefined}
    >
      {title && headed ? <h2 id={`${id}-title`}>{t(title)}</h2> : null}
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
