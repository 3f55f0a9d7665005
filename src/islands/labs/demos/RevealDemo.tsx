import { useCallback, useEffect, useState } from "react";
import { useIntersectionObserver } from "../hooks/useIntersectionObserver.ts";
import { Say } from "./Say.tsx";
import "./demo.css";

const CARDS = Array.from({ length: 12 }, (_, i) => i + 1);

function Card({ n, onSeen }: { n: number; onSeen: (n: number) => void }) {
  const [ref, visible] = useIntersectionObserver({ once: true, threshold: 0.6 });
  useEffect(() => {
    if (visible) onSeen(n);
  }, [visible, n, onSeen]);
  return (
    <li ref={ref} className={visible ? "lab-card is-seen" : "lab-card"}>
      <strong>
        <Say k="labs.reveal.card" values={{ n }} />
      </strong>
      <Say k={visible ? "labs.reveal.seen" : "labs.reveal.waiting"} />
    </li>
  );
}

/** A scrolling box of cards, each revealed (once) as it comes into view. */
export default function RevealDemo() {
  const [seen, setSeen] = useState<ReadonlySet<number>>(new Set());
  const onSeen = useCallback(
    (n: number) => setSeen((current) => (current.has(n) ? current : new Set(current).add(n))),
    [],
  );
  return (
    <div className="lab-demo">
      <p id="lab-reveal-label" className="lab-hint">
        <Say k="labs.reveal.hint" />
      </p>
      {/* A scrolling region must be reachable by keyboard to be scrolled by it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs a tab stop */}
      <section className="lab-scroller" tabIndex={0} aria-labelledby="lab-reveal-label">
        <ol className="lab-cards">
          {CARDS.map((n) => (
            <Card key={n} n={n} onSeen={onSeen} />
          ))}
        </ol>
      </section>
      <p className="lab-counts" aria-live="polite">
        <Say k="labs.reveal.count" values={{ count: seen.size, total: CARDS.length }} />
      </p>
    </div>
  );
}
