// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { advance, renderHook } from "./test-support.ts";
import { useThrottledCallback } from "./useThrottledCallback.ts";

describe("useThrottledCallback", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs the first call at once and the last of a burst at the interval's end", async () => {
    const calls: number[] = [];
    const hook = await renderHook(
      () => useThrottledCallback((n: number) => calls.push(n), 100),
      {},
    );
    for (let n = 1; n <= 5; n++) hook.current(n);
    expect(calls).toEqual([1]);
    await advance(100, vi);
    expect(calls).toEqual([1, 5]);
    await advance(100, vi);
    hook.current(6);
    expect(calls).toEqual([1, 5, 6]);
    await hook.unmount();
  });

  it("never lets a late trailing call undo a newer one", async () => {
    const calls: number[] = [];
    const hook = await renderHook(
      () => useThrottledCallback((n: number) => calls.push(n), 100),
      {},
    );
    hook.current(1);
    hook.current(2);
    // The interval is over, but the trailing call's timer has not run yet (a busy page handles
    // input first): the newer call runs at once and the older one is dropped.
    vi.setSystemTime(Date.now() + 150);
    hook.current(3);
    await advance(200, vi);
    expect(calls).toEqual([1, 3]);
    await hook.unmount();
  });

  it("is one stable function that calls the newest callback", async () => {
    const seen: string[] = [];
    const hook = await renderHook(
      ({ label }) => useThrottledCallback(() => seen.push(label), 100),
      { label: "first" },
    );
    const fn = hook.current;
    await hook.rerender({ label: "second" });
    expect(hook.current).toBe(fn);
    fn();
    expect(seen).toEqual(["second"]);
    await hook.unmount();
  });

  it("drops a pending call when unmounted", async () => {
    const calls: number[] = [];
    const hook = await renderHook(
      () => useThrottledCallback((n: number) => calls.push(n), 100),
      {},
    );
    hook.current(1);
    hook.current(2);
    await hook.unmount();
    await advance(200, vi);
    expect(calls).toEqual([1]);
  });
});
