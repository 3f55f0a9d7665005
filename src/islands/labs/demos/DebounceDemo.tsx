import { useEffect, useRef, useState } from "react";
import { useDebouncedValue } from "../hooks/useDebouncedValue.ts";
import { Choice } from "./Choice.tsx";
import { Say } from "./Say.tsx";
import { useUrlChoice } from "./url-state.ts";
import "./demo.css";

const DELAYS = [150, 300, 600, 1000] as const;

/** A search box whose "search" waits for the typing to pause; the delay is in the address. */
export default function DebounceDemo() {
  const [delay, setDelay] = useUrlChoice("delay", DELAYS, 300);
  const [text, setText] = useState("");
  const [keystrokes, setKeystrokes] = useState(0);
  const [searches, setSearches] = useState(0);
  const settled = useDebouncedValue(text, delay);
  // What was last searched for: the empty box at first, which sends no search.
  const sent = useRef("");
  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    setSearches((n) => n + 1);
  }, [settled]);

  return (
    <div className="lab-demo">
      <label className="lab-field">
        <Say k="labs.debounce.input" />
        <input
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setKeystrokes((n) => n + 1);
          }}
        />
      </label>
      <Choice
        name="lab-delay"
        legend="labs.debounce.delay"
        choices={DELAYS}
        value={delay}
        onChange={setDelay}
        label={(ms) => <Say k="labs.ms" values={{ ms }} />}
      />
      <dl className="lab-readout">
        <div>
          <dt>
            <Say k="labs.debounce.typed" />
          </dt>
          <dd data-testid="typed">{text || <Say k="labs.debounce.nothing" />}</dd>
        </div>
        <div>
          <dt>
            <Say k="labs.debounce.settled" />
          </dt>
          <dd data-testid="settled">{settled || <Say k="labs.debounce.nothing" />}</dd>
        </div>
      </dl>
      <p className="lab-counts" aria-live="polite">
        <Say k="labs.debounce.searches" values={{ count: searches }} />{" "}
        <Say k="labs.debounce.keystrokes" values={{ count: keystrokes }} />
      </p>
    </div>
  );
}
