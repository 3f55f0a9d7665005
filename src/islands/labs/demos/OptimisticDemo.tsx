import { useCallback, useRef, useState } from "react";
import { useOptimisticList } from "../hooks/useOptimisticList.ts";
import { Choice } from "./Choice.tsx";
import { Say } from "./Say.tsx";
import { useUrlChoice } from "./url-state.ts";
import "./demo.css";

const LATENCIES = [500, 1500, 3000] as const;
const NONE: readonly string[] = [];

/**
 * A guest book in front of a pretend slow server (its delay in the address as `?latency=`), which
 * refuses a message when asked to.
 */
export default function OptimisticDemo() {
  const [latency, setLatency] = useUrlChoice("latency", LATENCIES, 1500);
  const [refuse, setRefuse] = useState(false);
  const [text, setText] = useState("");
  // Read when the save runs, so the list's save function stays the same across settings.
  const settings = useRef({ latency, refuse });
  settings.current = { latency, refuse };

  const save = useCallback(async (message: string) => {
    const { latency: wait, refuse: no } = settings.current;
    if (no) setRefuse(false);
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (no) throw new Error("refused");
    return message;
  }, []);
  const { shown, add, failed } = useOptimisticList(NONE, save);

  return (
    <div className="lab-demo">
      <form
        className="lab-send"
        onSubmit={(event) => {
          event.preventDefault();
          const message = text.trim();
          if (!message) return;
          add(message);
          setText("");
        }}
      >
        <label className="lab-field">
          <Say k="labs.optimistic.message" />
          <input
            type="text"
            maxLength={80}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <button type="submit">
          <Say k="labs.optimistic.send" />
        </button>
      </form>
      <Choice
        name="lab-latency"
        legend="labs.optimistic.latency"
        choices={LATENCIES}
        value={latency}
        onChange={setLatency}
        label={(ms) => <Say k="labs.ms" values={{ ms }} />}
      />
      <label className="lab-check">
        <input
          type="checkbox"
          checked={refuse}
          onChange={(event) => setRefuse(event.target.checked)}
        />
        <Say k="labs.optimistic.refuse" />
      </label>
      <p id="lab-messages" className="lab-hint">
        <Say k="labs.optimistic.list" />
      </p>
      {shown.length === 0 ? (
        <p className="lab-empty">
          <Say k="labs.optimistic.empty" />
        </p>
      ) : (
        <ul className="lab-messages" aria-labelledby="lab-messages">
          {shown.map(({ item, pending }, index) => (
            // Messages may repeat and are never reordered: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: an append-only list
            <li key={index} className={pending ? "is-pending" : undefined}>
              <span>{item}</span>
              <small>
                <Say k={pending ? "labs.optimistic.sending" : "labs.optimistic.kept"} />
              </small>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="lab-error">
        {failed !== null && <Say k="labs.optimistic.failed" values={{ text: failed }} />}
      </p>
    </div>
  );
}
