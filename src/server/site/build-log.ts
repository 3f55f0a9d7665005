import type { BuildRun, BuildState, BuildWork, SiteChange } from "../../shared/build-status.ts";

// The builds a publisher asked for, kept in memory for the back office's build status
// (GET /api/admin/site/build). A change joins the build waiting to start, or opens a new one:
// the same batching as the debounced queue that runs them (publishers.ts).

/** Lines of an error worth showing: the message, without stack frames or colour codes. */
export function errorLines(error: unknown, max = 12): string[] {
  const text =
    error instanceof BuildFailure
      ? error.lines.join("\n")
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== "" && !/^\s+at /.test(line))
      .slice(0, max)
      .map((line) => (line.length > 400 ? `${line.slice(0, 399)}…` : line))
  );
}

/** A failed build: `lines` for people (the error first), `log` the output's end for the server log. */
export class BuildFailure extends Error {
  readonly lines: string[];
  constructor(lines: string[], log: string) {
    super(`${lines.join("\n")}${log ? `\n--- build output (end) ---\n${log}` : ""}`);
    this.name = "BuildFailure";
    this.lines = lines;
  }
}

export class BuildLog {
  private readonly entries: BuildRun[] = [];
  private nextId = 1;
  private readonly keep: number;
  private readonly now: () => Date;

  constructor(keep = 5, now: () => Date = () => new Date()) {
    this.keep = keep;
    this.now = now;
  }

  /** A change asks for a build: it joins the build waiting to start, or opens a new one. */
  queue(reason: SiteChange): void {
    const waiting = this.entries.find((run) => run.state === "queued");
    if (waiting) waiting.reasons.push(reason);
    else this.open(reason);
  }

  private open(reason: SiteChange): BuildRun {
    const run: BuildRun = {
      id: this.nextId++,
      state: "queued",
      reasons: [reason],
      queuedAt: this.now().toISOString(),
      startedAt: null,
      finishedAt: null,
      errorLines: [],
      leftOut: [],
      work: null,
    };
    this.entries.unshift(run);
    this.entries.splice(this.keep);
    return run;
  }

  /** The waiting build starts, carrying every change queued so far; its id. */
  start(): number {
    const run =
      this.entries.find((r) => r.state === "queued") ?? this.open({ action: "site.build" });
    run.state = "building";
    run.startedAt = this.now().toISOString();
    return run.id;
  }

  /** The items a started build leaves out (its snapshot's). */
  leaveOut(id: number, changes: readonly SiteChange[]): void {
    const run = this.entries.find((r) => r.id === id);
    if (run) run.leftOut = [...changes];
  }

  /** The changes a run carries (a failed one's, to build again without its suspects). */
  reasonsOf(id: number): SiteChange[] {
    return [...(this.entries.find((r) => r.id === id)?.reasons ?? [])];
  }

  /** The build ended: `live`, `requested` (handed to a build hook) or `failed` with its error. */
  finish(
    id: number,
    state: Exclude<BuildState, "queued" | "building">,
    error?: unknown,
    work: BuildWork | null = null,
  ): void {
    const run = this.entries.find((r) => r.id === id);
    if (!run) return;
    run.state = state;
    run.work = work;
    run.finishedAt = this.now().toISOString();
    run.errorLines = state === "failed" ? errorLines(error) : [];
  }

  /** Newest first, as copies. */
  runs(): BuildRun[] {
    return this.entries.map((run) => ({
      ...run,
      reasons: [...run.reasons],
      errorLines: [...run.errorLines],
      leftOut: [...run.leftOut],
    }));
  }
}
