import { useState } from "react";

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

const QUIET = { note: "", failure: "" };

/**
 * A form's status line and alert as state: `report(ok, message)` shows the one and clears the
 * other, `clear()` both (spread `line` into `FormStatus`).
 */
export function useStatusLine() {
  const [line, setLine] = useState(QUIET);
  return {
    line,
    report: (ok: boolean, message: string) =>
      setLine(ok ? { note: message, failure: "" } : { note: "", failure: message }),
    clear: () => setLine(QUIET),
  };
}
