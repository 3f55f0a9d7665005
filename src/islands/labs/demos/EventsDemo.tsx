import { useEffect, useState } from "react";
import { useEventListener } from "../hooks/useEventListener.ts";
import { Say } from "./Say.tsx";
import "./demo.css";

/** The keyboard heard on the whole window while a switch is on, and the window's size. */
export default function EventsDemo() {
  const [listening, setListening] = useState(true);
  const [lastKey, setLastKey] = useState<string | null>(null);
  const [keys, setKeys] = useState(0);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  // A null target attaches nothing: switching off removes the listener.
  useEventListener<KeyboardEvent>(
    "keydown",
    (event) => {
      setLastKey(event.key === " " ? "Space" : event.key);
      setKeys((n) => n + 1);
    },
    listening && typeof window !== "undefined" ? window : null,
  );
  const measure = () => setSize({ width: window.innerWidth, height: window.innerHeight });
  useEventListener("resize", measure, undefined, { passive: true });
  useEffect(measure, []);

  return (
    <div className="lab-demo">
      <label className="lab-check">
        <input
          type="checkbox"
          checked={listening}
          onChange={(event) => setListening(event.target.checked)}
        />
        <Say k="labs.events.listening" />
      </label>
      <p className="lab-hint">
        <Say k="labs.events.hint" />
      </p>
      <p className="lab-big" aria-live="polite">
        <strong data-testid="last-key">
          {lastKey === null ? (
            <Say k="labs.events.noKey" />
          ) : (
            <Say k="labs.events.lastKey" values={{ key: lastKey }} />
          )}
        </strong>{" "}
        <Say k="labs.events.keys" values={{ count: keys }} />
      </p>
      {size && (
        <p className="lab-counts">
          <Say k="labs.events.size" values={size} />
        </p>
      )}
    </div>
  );
}
