// The table every bench prints: each figure with its unit and whether it is within its budget
// (bench/budgets.json), then whether every budget was met, which sets the exit code.

export interface Check {
  name: string;
  value: number | string;
  unit: string;
  /** null: a figure reported only, without a budget. */
  ok: boolean | null;
  budget: string;
}

export class Checks {
  readonly results: Check[] = [];
  readonly #decimals: number | undefined;

  /**
   * `decimals`: how many a figure keeps (all by default); a budget is checked on the figure as
   * kept, which is the one the table shows.
   */
  constructor(decimals?: number) {
    this.#decimals = decimals;
  }

  #round(value: number, decimals = this.#decimals): number {
    return decimals === undefined ? value : Math.round(value * 10 ** decimals) / 10 ** decimals;
  }

  record(name: string, value: number | string, unit: string, ok: boolean | null, budget = "") {
    const shown = typeof value === "number" ? this.#round(value) : value;
    this.results.push({ name, value: shown, unit, ok, budget });
  }

  /** A figure that must not exceed `max`; one not measured (null or NaN) misses it. */
  atMost(name: string, value: number | null, unit: string, max: number, decimals?: number) {
    const figure = this.#round(value ?? Number.NaN, decimals);
    this.results.push({ name, value: figure, unit, ok: figure <= max, budget: `<= ${max}` });
  }

  /** A figure that must reach `min`; one not measured (null or NaN) misses it. */
  atLeast(name: string, value: number | null, unit: string, min: number) {
    const figure = this.#round(value ?? Number.NaN);
    this.results.push({ name, value: figure, unit, ok: figure >= min, budget: `>= ${min}` });
  }

  /** A count that must be `expected` exactly. */
  exactly(name: string, value: number, unit: string, expected: number) {
    this.record(name, value, unit, value === expected, `= ${expected}`);
  }

  /** The table: one line a figure, its budget after it. */
  print() {
    const width = Math.max(...this.results.map((r) => r.name.length));
    for (const r of this.results) {
      const status = r.ok === null ? "    " : r.ok ? "ok  " : "OVER";
      const budget = r.ok === null ? "" : ` (budget ${r.budget})`;
      console.log(
        `${status} ${r.name.padEnd(width)}  ${String(r.value).padStart(8)} ${r.unit.padEnd(6)}${budget}`,
      );
    }
  }

  /** Says whether every budget was met; the exit code is 1 when one was missed or `failed`. */
  conclude(failed = false) {
    const missed = this.results.filter((r) => r.ok === false).length;
    console.log(missed === 0 && !failed ? "all budgets met" : `${missed} budget(s) missed`);
    process.exitCode = missed === 0 && !failed ? 0 : 1;
  }
}
