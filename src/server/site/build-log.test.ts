import { describe, expect, it } from "vitest";
import type { Publisher } from "../content/publisher.ts";
import { BuildFailure, BuildLog, errorLines } from "./build-log.ts";
import { allOf, hookPublisher, logOnlyPublisher } from "./publishers.ts";
import { type GoLiveTimer, withGoLiveTimer } from "./schedule.ts";

describe("the build log", () => {
  it("batches changes into the build waiting to start, keeps the newest few", () => {
    let clock = Date.parse("2026-11-24T10:00:00Z");
    const tick = () => {
      clock += 1000;
      return new Date(clock);
    };
    const log = new BuildLog(3, tick);
    log.queue({ action: "a" });
    log.queue({ action: "b" });
    const first = log.start();
    log.queue({ action: "c" });
    expect(log.runs().map((r) => [r.id, r.state, r.reasons.map((c) => c.action).join()])).toEqual([
      [2, "queued", "c"],
      [1, "building", "a,b"],
    ]);
    log.finish(first, "live");
    const second = log.start();
    log.finish(second, "failed", new BuildFailure(["Broken row"], "…long output…"));
    const runs = log.runs();
    expect(runs[0]).toMatchObject({ id: 2, state: "failed", errorLines: ["Broken row"] });
    expect(runs[1]).toMatchObject({ id: 1, state: "live", errorLines: [] });
    expect(runs[1]?.queuedAt).toBe("2026-11-24T10:00:01.000Z");
    // A start with nothing queued (a scheduled item's timer) still makes a run.
    for (let n = 0; n < 3; n++) log.finish(log.start(), "live");
    expect(log.runs().map((r) => r.id)).toEqual([5, 4, 3]);
    // Copies: the caller cannot change the log.
    log.runs()[0]?.reasons.push({ action: "x" });
    expect(log.runs()[0]?.reasons).toEqual([{ action: "site.build" }]);
  });

  it("error lines: the message first, no colour codes or stack frames, at most twelve", () => {
    const error = new Error(
      `\u001b[31mCannot find package 'react'\u001b[39m\n\n    at resolve (x.js:1:1)\n${Array.from(
        { length: 20 },
        (_, i) => `line ${i}`,
      ).join("\n")}`,
    );
    const lines = errorLines(error);
    expect(lines[0]).toBe("Cannot find package 'react'");
    expect(lines).toHaveLength(12);
    expect(lines.some((l) => l.includes(" at "))).toBe(false);
    expect(errorLines("x".repeat(1000))[0]).toHaveLength(400);
  });
});

describe("what each publisher tells the back office", () => {
  it("a build hook: requested once the host took it, failed when it did not", async () => {
    let status = 200;
    const hook = hookPublisher({
      url: "https://hooks.example/build",
      delayMs: 1,
      log: () => {},
      fetch: async () => new Response(null, { status }),
    });
    hook.contentChanged({ action: "articles.update", item: "a" });
    expect(hook.status?.().runs[0]?.state).toBe("queued");
    await hook.idle();
    expect(hook.status?.()).toMatchObject({ mode: "hook", runs: [{ state: "requested" }] });
    status = 500;
    const original = console.error;
    console.error = () => {};
    try {
      hook.contentChanged({ action: "articles.update", item: "b" });
      await hook.idle();
    } finally {
      console.error = original;
    }
    expect(hook.status?.().runs[0]).toMatchObject({
      state: "failed",
      errorLines: ["Build hook answered 500"],
    });
  });

  it("several publishers report the one that sees the site best; the go-live timer passes it on", () => {
    const rebuild: Publisher = {
      contentChanged() {},
      status: () => ({ mode: "rebuild", runs: [] }),
    };
    const hook: Publisher = { contentChanged() {}, status: () => ({ mode: "hook", runs: [] }) };
    const plain: Publisher = { contentChanged() {} };
    expect(allOf(plain, hook, rebuild).status?.().mode).toBe("rebuild");
    expect(allOf(plain, hook).status?.().mode).toBe("hook");
    expect(allOf(plain).status?.().mode).toBe("none");
    expect(logOnlyPublisher(() => {}).status?.().mode).toBe("none");
    const timer: GoLiveTimer = { recheck: async () => {}, stop() {} };
    expect(withGoLiveTimer(allOf(hook, rebuild), timer).status?.().mode).toBe("rebuild");
    expect(withGoLiveTimer(plain, timer).status?.().mode).toBe("none");
  });
});
