import { describe, expect, it } from "vitest";
import type { BuildRun, BuildStatus } from "../../../../shared/build-status.ts";
import { buildWatch } from "./watch.ts";

// The back office's questions to the build status route, on a hand-driven clock: what is
// scheduled runs only when the test says so, so nothing here waits on real time.

function run(id: number, state: BuildRun["state"]): BuildRun {
  return {
    id,
    state,
    reasons: [],
    queuedAt: "2026-11-24T10:00:00.000Z",
    startedAt: null,
    finishedAt: null,
    errorLines: [],
    leftOut: [],
    work: null,
  };
}

const status = (...runs: BuildRun[]): BuildStatus => ({ mode: "rebuild", runs });

function harness(answers: Array<BuildStatus | null>) {
  const scheduled: Array<{ run: () => void; ms: number }> = [];
  const seen: BuildStatus[] = [];
  let asked = 0;
  const watch = buildWatch({
    fetchStatus: async () => {
      asked += 1;
      return answers.length > 1 ? (answers.shift() ?? null) : (answers[0] ?? null);
    },
    onStatus: (s) => seen.push(s),
    schedule: (job, ms) => {
      const entry = { run: job, ms };
      scheduled.push(entry);
      return () => {
        const at = scheduled.indexOf(entry);
        if (at >= 0) scheduled.splice(at, 1);
      };
    },
    lookAroundPolls: 3,
  });
  /** Runs the next scheduled question and lets its answer settle. */
  const tick = async () => {
    const next = scheduled.shift();
    if (!next) throw new Error("nothing scheduled");
    next.run();
    await settle();
  };
  const settle = () => new Promise<void>((r) => setImmediate(r));
  return {
    watch,
    tick,
    settle,
    scheduled,
    seen,
    get asked() {
      return asked;
    },
  };
}

describe("the build status watch", () => {
  it("asks once when idle and then stays quiet", async () => {
    const h = harness([status(run(1, "live"))]);
    h.watch.check();
    await h.settle();
    expect(h.asked).toBe(1);
    expect(h.seen.at(-1)?.runs[0]?.state).toBe("live");
    expect(h.scheduled).toEqual([]);
    expect(h.watch.active).toBe(false);
  });

  it("asks every second while a build is queued or building, and stops when it is live", async () => {
    const h = harness([
      status(run(2, "queued"), run(1, "live")),
      status(run(2, "building"), run(1, "live")),
      status(run(2, "live"), run(1, "live")),
    ]);
    h.watch.check();
    await h.settle();
    expect(h.scheduled.map((s) => s.ms)).toEqual([1000]);
    await h.tick();
    expect(h.seen.at(-1)?.runs[0]?.state).toBe("building");
    await h.tick();
    expect(h.seen.at(-1)?.runs[0]?.state).toBe("live");
    expect(h.scheduled).toEqual([]);
    expect(h.asked).toBe(3);
  });

  it("after an action, looks for the build it set off a few times, then gives up", async () => {
    const h = harness([status(run(1, "live"))]);
    h.watch.check();
    await h.settle();
    h.watch.nudge();
    expect(h.scheduled).toHaveLength(1);
    for (let n = 0; n < 4; n++) await h.tick();
    expect(h.asked).toBe(5);
    expect(h.scheduled).toEqual([]);
  });

  it("after an action, follows the new build until it fails", async () => {
    const h = harness([
      status(run(1, "live")),
      status(run(1, "live")),
      status(run(2, "building"), run(1, "live")),
      status(run(2, "failed"), run(1, "live")),
    ]);
    h.watch.check();
    await h.settle();
    h.watch.nudge();
    await h.tick();
    await h.tick();
    expect(h.scheduled).toHaveLength(1);
    await h.tick();
    expect(h.seen.at(-1)?.runs[0]?.state).toBe("failed");
    expect(h.scheduled).toEqual([]);
  });

  it("where nothing rebuilds the site, an action sets off one question, not a search", async () => {
    const h = harness([{ mode: "none", runs: [] }]);
    h.watch.nudge();
    await h.tick();
    expect(h.asked).toBe(1);
    expect(h.scheduled).toEqual([]);
  });

  it("an unanswered question (offline) does not keep it asking; stop() cancels", async () => {
    const h = harness([null]);
    h.watch.check();
    await h.settle();
    expect(h.seen).toEqual([]);
    expect(h.scheduled).toEqual([]);
    h.watch.nudge();
    expect(h.scheduled).toHaveLength(1);
    h.watch.stop();
    expect(h.scheduled).toEqual([]);
    h.watch.nudge();
    expect(h.scheduled).toEqual([]);
  });
});
