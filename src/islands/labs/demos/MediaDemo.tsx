import type { LabsKey } from "../../../i18n/labs.ts";
import { useMediaQuery, usePrefersReducedMotion } from "../hooks/useMediaQuery.ts";
import { Say } from "./Say.tsx";
import { useUrlText } from "./url-state.ts";
import "./demo.css";

const QUERIES: ReadonlyArray<{ query: string; label: LabsKey }> = [
  { query: "(min-width: 48rem)", label: "labs.media.wide" },
  { query: "(prefers-color-scheme: dark)", label: "labs.media.dark" },
  { query: "(prefers-reduced-motion: reduce)", label: "labs.media.reduced" },
  { query: "(hover: hover)", label: "labs.media.hover" },
];

function Answer({ matches }: { matches: boolean }) {
  return (
    <strong className={matches ? "lab-yes" : "lab-no"}>
      <Say k={matches ? "labs.media.matches" : "labs.media.notMatches"} />
    </strong>
  );
}

function Row({ query, label }: { query: string; label: LabsKey }) {
  const matches = useMediaQuery(query);
  return (
    <div>
      <dt>
        <Say k={label} /> <code>{query}</code>
      </dt>
      <dd>
        <Answer matches={matches} />
      </dd>
    </div>
  );
}

/** Whether the browser understands a query: one it cannot parse reads back as "not all". */
function understood(query: string): boolean {
  if (typeof window === "undefined") return true;
  return query.trim() !== "" && window.matchMedia(query).media !== "not all";
}

/**
 * Live answers to a few media queries, the reader's own query (kept in the address as `?q=`), and
 * a dot that moves only when motion is welcome.
 */
export default function MediaDemo() {
  const [custom, setCustom] = useUrlText("q", "(orientation: portrait)");
  const valid = understood(custom);
  const customMatches = useMediaQuery(valid ? custom : "not all");
  const reduced = usePrefersReducedMotion();
  return (
    <div className="lab-demo">
      <dl className="lab-readout">
        {QUERIES.map((q) => (
          <Row key={q.query} {...q} />
        ))}
      </dl>
      <label className="lab-field">
        <Say k="labs.media.custom" />
        <input
          type="text"
          spellCheck={false}
          autoCapitalize="off"
          value={custom}
          onChange={(event) => setCustom(event.target.value)}
        />
      </label>
      <p aria-live="polite" data-testid="custom-answer">
        <Say k="labs.media.customResult" />:{" "}
        {valid ? <Answer matches={customMatches} /> : <Say k="labs.media.invalid" />}
      </p>
      <div className="lab-track">
        <span className={reduced ? "lab-dot" : "lab-dot is-moving"} />
      </div>
      <p className="lab-hint">
        <Say k="labs.media.motion" />
      </p>
    </div>
  );
}
