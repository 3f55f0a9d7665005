import { useId } from "react";
import "./glance.css";

/** One number at a glance: what it counts, the number (already in the reader's words), a line. */
export interface GlanceCard {
  label: string;
  number: string;
  line: string;
}

/** A screen's numbers as a titled section of cards (the overview's, the followers'). */
export function Glance({
  title,
  cards,
  className,
}: {
  title: string;
  cards: GlanceCard[];
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-glance`} className={className}>
      <h2 id={`${id}-glance`}>{title}</h2>
      <dl className="bms-glance">
        {cards.map((card) => (
          <div key={card.label} className="bms-glance-card">
            <dt>{card.label}</dt>
            <dd className="bms-glance-number">{card.number}</dd>
            <dd className="bms-glance-line">{card.line || "—"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
