import { useId, useState } from "react";
import { useThrottledCallback } from "../hooks/useThrottledCallback.ts";
import { Choice } from "./Choice.tsx";
import { Say } from "./Say.tsx";
import { useUrlChoice } from "./url-state.ts";
import "./demo.css";

const INTERVALS = [100, 250, 500, 1000] as const;

/**
 * A slider that "saves" its value (a pretend request) at most once an interval, however fast it
 * moves; the interval is in the address.
 */
export default function ThrottleDemo() {
  const [interval, setInterval] = useUrlChoice("interval", INTERVALS, 500);
  const sliderId = useId();
  const [value, setValue] = useState(50);
  const [changes, setChanges] = useState(0);
  const [saves, setSaves] = useState(0);
  const [saved, setSaved] = useState(50);
  const save = useThrottledCallback((next: number) => {
    setSaved(next);
    setSaves((n) => n + 1);
  }, interval);

  return (
    <div className="lab-demo">
      {/* The output stands outside the label: a label holds one control (HTML's content model). */}
      <div className="lab-field">
        <label htmlFor={sliderId}>
          <Say k="labs.throttle.slider" />
        </label>
        <span className="lab-slider">
          <input
            id={sliderId}
            type="range"
            min={0}
            max={100}
            value={value}
            onChange={(event) => {
              const next = Number(event.target.value);
              setValue(next);
              setChanges((n) => n + 1);
              save(next);
            }}
          />
          <output htmlFor={sliderId}>{value}</output>
        </span>
      </div>
      <Choice
        name="lab-interval"
        legend="labs.throttle.interval"
        choices={INTERVALS}
        value={interval}
        onChange={setInterval}
        label={(ms) => <Say k="labs.ms" values={{ ms }} />}
      />
      <p className="lab-counts" aria-live="polite">
        <Say k="labs.throttle.changes" values={{ count: changes }} />{" "}
        <Say k="labs.throttle.saves" values={{ count: saves }} />{" "}
        <strong>
          <Say k="labs.throttle.saved" values={{ value: saved }} />
        </strong>
      </p>
    </div>
  );
}
