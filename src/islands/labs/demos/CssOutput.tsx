import { useEffect, useRef, useState } from "react";
import type { LabsKey } from "../../../i18n/labs.ts";
import { Say } from "./Say.tsx";

type Status = "idle" | "copied" | "failed";

/**
 * CSS a demo made, shown as text and copied by a button, whose outcome a status line says. When
 * the clipboard refuses (an old browser, a page without permission), the text is selected so a
 * reader can copy it by hand.
 */
export function CssOutput({ css, label, id }: { css: string; label: LabsKey; id: string }) {
  const [status, setStatus] = useState<Status>("idle");
  const code = useRef<HTMLElement>(null);
  // What was copied is no longer what is shown once the CSS changes.
  useEffect(() => {
    if (css) setStatus("idle");
  }, [css]);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(css);
      setStatus("copied");
    } catch {
      setStatus("failed");
      if (code.current) window.getSelection()?.selectAllChildren(code.current);
    }
  };
  return (
    <div className="mix-css">
      <div className="mix-css-head">
        <p id={id} className="mix-css-label">
          <Say k={label} />
        </p>
        <button type="button" onClick={copy}>
          <Say k="mix.copy" />
        </button>
        <p className="mix-css-status" role="status">
          {status === "copied" && <Say k="mix.copied" />}
          {status === "failed" && <Say k="mix.copyFailed" />}
        </p>
      </div>
      <pre>
        <code ref={code}>{css}</code>
      </pre>
    </div>
  );
}
