import { describe, expect, it, vi } from "vitest";
import { periodic } from "./periodic.ts";

describe("a periodic job", () => {
  it("runs at once, never twice at a time, and once more when asked mid-run", async () => {
    let runs = 0;
    let release = () => {};
    const job = vi.fn(async () => {
      runs += 1;
      if (runs === 1) await new Promise<void>((done) => (release = done));
    });
    const timer = periodic("Test job", 60_000, job);
    expect(job).toHaveBeenCalledTimes(1);
    // Asked three times while the first run is under way: one more run, after it.
    timer.runNow();
    timer.runNow();
    timer.runNow();
    expect(job).toHaveBeenCalledTimes(1);
    release();
    await vi.waitFor(() => expect(job).toHaveBeenCalledTimes(2));
    await timer.stop();
    timer.runNow();
    expect(job).toHaveBeenCalledTimes(2);
  });

  it("says a failed run under its name, and stop waits for a run under way", async () => {
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    let finished = false;
    const failing = periodic("Failing job", 60_000, async () => {
      throw new Error("no database");
    });
    await vi.waitFor(() =>
      expect(said).toHaveBeenCalledWith("Failing job failed:", expect.any(Error)),
    );
    await failing.stop();
    said.mockRestore();
    const slow = periodic("Slow job", 60_000, async () => {
      await new Promise((done) => setTimeout(done, 50));
      finished = true;
    });
    await slow.stop();
    expect(finished).toBe(true);
  });
});
