import { useEffect, useRef, useState } from "react";
import type { LabsKey } from "../../../i18n/labs.ts";
import { Say } from "./Say.tsx";

type Status = "idle" | "copied" | "failed";

/**
 * A heading, a block of code a demo made and a button that copies it, its outcome said in a
 * status line. When the clipboard refuses, the code is selected for a reader to copy by hand.
 */
export function CopyBlock({
  id,
  heading,
  text,
  testId,
  level = 3,
}: {
  id: string;
  /** The heading's level (h3 in a demo, h4 inside one of its sections). */
  level?: 3 | 4;
  heading: LabsKey;
  text: string;
  testId?: string;
}) {
  const Heading = level === 3 ? "h3" : "h4";
  const [status, setStatus] = useState<Status>("idle");
  const code = useRef<HTMLElement>(null);
  // What was copied is no longer what is shown once the text changes.
  useEffect(() => {
    if (text) setStatus("idle");
  }, [text]);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      setStatus("copied");
    } catch {
      setStatus("failed");
      if (code.current) window.getSelection()?.selectAllChildren(code.current);
    }
  };
  return (
    <section className="mt-block" aria-labelledby={id}>
      <div className="mt-head">
        <Heading id={id}>
          <Say k={heading} />
        </Heading>
        <button type="button" onClick={copy}>
          <Say k="mix.copy" />
        </button>
        <p className="mt-status" role="status">
          {status === "copied" && <Say k="mix.copied" />}
          {status === "failed" && <Say k="mix.copyFailed" />}
        </p>
      </div>
      {/* A scrolling region a keyboard can reach. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus */}
      <pre className="mt-code" data-testid={testId} tabIndex={0}>
        <code ref={code}>{text}</code>
      </pre>
    </section>
  );
}
