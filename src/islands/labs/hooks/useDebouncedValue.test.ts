// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { advance, renderHook } from "./test-support.ts";
import { useDebouncedValue } from "./useDebouncedValue.ts";

describe("useDebouncedValue", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("settles on the last value once it stops changing for the delay", async () => {
    const hook = await renderHook(({ v, d }) => useDebouncedValue(v, d), { v: "r", d: 300 });
    expect(hook.current).toBe("r");
    await hook.rerender({ v: "re", d: 300 });
    await advance(200, vi);
    await hook.rerender({ v: "rea", d: 300 });
    await advance(299, vi);
    // 499 ms since the first change, but only 299 since the last: still the first value.
    expect(hook.current).toBe("r");
    await advance(1, vi);
    expect(hook.current).toBe("rea");
    // "re" never settled.
    expect(hook.all).not.toContain("re");
    await hook.unmount();
  });

  it("sets nothing after unmount", async () => {
    const hook = await renderHook(({ v }) => useDebouncedValue(v, 100), { v: 1 });
    await hook.rerender({ v: 2 });
    const renders = hook.all.length;
    await hook.unmount();
    await advance(500, vi);
    expect(hook.all).toHaveLength(renders);
  });
});
