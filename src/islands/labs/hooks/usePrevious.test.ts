// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { renderHook } from "./test-support.ts";
import { usePrevious } from "./usePrevious.ts";

describe("usePrevious", () => {
  it("gives the value before the last change, not the last render's", async () => {
    const hook = await renderHook(({ v }) => usePrevious(v), { v: 1 });
    expect(hook.current).toBeUndefined();
    await hook.rerender({ v: 2 });
    expect(hook.current).toBe(1);
    // A render that changes nothing keeps the previous value (a ref in an effect would say 2).
    await hook.rerender({ v: 2 });
    expect(hook.current).toBe(1);
    await hook.rerender({ v: 5 });
    expect(hook.current).toBe(2);
    await hook.unmount();
  });
});
