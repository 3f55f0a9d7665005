import { useState } from "react";
import { usePrevious } from "../hooks/usePrevious.ts";
import { Say } from "./Say.tsx";
import "./demo.css";

/** A counter that shows its value before the last change, and a render that changes nothing. */
export default function PreviousDemo() {
  const [count, setCount] = useState(0);
  const [renders, setRenders] = useState(1);
  const previous = usePrevious(count);
  const change = (by: number) => {
    setCount((n) => n + by);
    setRenders((n) => n + 1);
  };
  return (
    <div className="lab-demo">
      <fieldset className="lab-buttons">
        <legend>
          <Say k="labs.previous.count" />
        </legend>
        <button type="button" onClick={() => change(-1)}>
          <Say k="labs.previous.decrease" />
        </button>
        <button type="button" onClick={() => change(1)}>
          <Say k="labs.previous.increase" />
        </button>
        <button type="button" onClick={() => setRenders((n) => n + 1)}>
          <Say k="labs.previous.rerender" />
        </button>
      </fieldset>
      <p className="lab-big" aria-live="polite">
        <strong data-testid="now">
          <Say k="labs.previous.now" values={{ value: count }} />
        </strong>{" "}
        <span data-testid="before">
          {previous === undefined ? (
            <Say k="labs.previous.none" />
          ) : (
            <Say k="labs.previous.before" values={{ value: previous }} />
          )}
        </span>
      </p>
      <p className="lab-counts">
        <Say k="labs.previous.renders" values={{ count: renders }} />
      </p>
    </div>
  );
}
