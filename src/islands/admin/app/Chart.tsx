import type { Chart as ChartType } from "chart.js";
import { useEffect, useId, useRef } from "react";
import "./glance.css";

// A chart of the overview, drawn by Chart.js (loaded with the first chart, only on this screen)
// in the colours of the page's theme, redrawn when the theme changes, still when the reader
// asks for less motion, and a table of its numbers beside it for screen readers (the canvas is
// an image named by its summary).

export interface ChartData {
  labels: string[];
  values: number[];
}

interface Props {
  kind: "line" | "bar";
  /** Bars across (a ranking) rather than up. */
  across?: boolean;
  data: ChartData;
  /** The figure's title, shown and the table's caption. */
  title: string;
  /** What the image says to a screen reader. */
  summary: string;
  /** The table's column headings: what each label is, and the number's name. */
  columns: [string, string];
}

/** The theme's colours, read from its custom properties. */
function colours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    accent: read("--accent", "#c2410c"),
    text: read("--text-muted", "#666"),
    grid: read("--border", "#ddd"),
  };
}

async function draw(canvas: HTMLCanvasElement, props: Props): Promise<ChartType> {
  const chart = await import("chart.js");
  chart.Chart.register(
    chart.LineController,
    chart.LineElement,
    chart.PointElement,
    chart.BarController,
    chart.BarElement,
    chart.CategoryScale,
    chart.LinearScale,
    chart.Filler,
    chart.Tooltip,
  );
  // A drawing still on the canvas (the theme changed while it was being made) gives way.
  chart.Chart.getChart(canvas)?.destroy();
  const { accent, text, grid } = colours();
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const axis = { ticks: { color: text, precision: 0 }, grid: { color: grid } };
  return new chart.Chart(canvas, {
    type: props.kind,
    data: {
      labels: props.data.labels,
      datasets: [
        {
          label: props.columns[1],
          data: props.data.values,
          borderColor: accent,
          // A line's area in the accent a fifth as strong (the theme's colours are #rrggbb).
          backgroundColor:
            props.kind === "line" && /^#[0-9a-f]{6}$/i.test(accent) ? `${accent}33` : accent,
          fill: props.kind === "line",
          tension: 0.25,
          pointRadius: props.data.values.length > 31 ? 0 : 2,
        },
      ],
    },
    options: {
      animation: still ? false : { duration: 300 },
      maintainAspectRatio: false,
      indexAxis: props.across ? "y" : "x",
      plugins: { legend: { display: false }, tooltip: { enabled: true } },
      scales: { x: { ...axis, beginAtZero: true }, y: { ...axis, beginAtZero: true } },
    },
  });
}

export function Chart(props: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const id = useId();
  const { across, data, title, summary, columns } = props;
  // Drawn again only when what it shows changes, not on every render of the screen.
  const latest = useRef(props);
  latest.current = props;
  const shown = JSON.stringify([props.kind, across, data, columns]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || !shown) return;
    let current: ChartType | null = null;
    let gone = false;
    const render = () => {
      current?.destroy();
      current = null;
      void draw(element, latest.current).then((made) => {
        if (gone) made.destroy();
        else current = made;
      });
    };
    render();
    // The theme switch changes the page's colours: the chart follows.
    const watch = new MutationObserver(render);
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    return () => {
      gone = true;
      watch.disconnect();
      current?.destroy();
    };
  }, [shown]);

  return (
    <figure className="bms-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <div className="bms-chart-box" data-across={across || undefined}>
        <canvas ref={canvas} role="img" aria-label={summary} />
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {data.labels.map((label, at) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{data.values[at] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
