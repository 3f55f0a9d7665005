/** A form's outcome: a polite status line (always present, so it is announced) and an alert on failure. */
export function FormStatus({ note, failure }: { note: string; failure: string }) {
  return (
    <>
      <p role="status" className="form-note">
        {note}
      </p>
      {failure && (
        <p role="alert" className="form-failure">
          {failure}
        </p>
      )}
    </>
  );
}

/** Focuses the first named field that has a problem; true when there was one. */
export function focusFirstProblem(
  form: HTMLFormElement,
  order: readonly string[],
  problems: Partial<Record<string, unknown>>,
): boolean {
  const first = order.find((name) => problems[name]);
  if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  return first !== undefined;
}
