// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderHook } from "./test-support.ts";
import { useLocalStorageState } from "./useLocalStorageState.ts";

const isNumber = (v: unknown): v is number => typeof v === "number";
const KEY = "lab-test-count";

describe("useLocalStorageState", () => {
  afterEach(() => localStorage.clear());

  it("gives the fallback, then what is set, kept in storage as JSON", async () => {
    const hook = await renderHook(() => useLocalStorageState(KEY, 0, isNumber), {});
    expect(hook.current[0]).toBe(0);
    await act(async () => hook.current[1]((n) => n + 2));
    expect(hook.current[0]).toBe(2);
    expect(localStorage.getItem(KEY)).toBe("2");
    await hook.unmount();
  });

  it("keeps two users of the key in step in one tab", async () => {
    const a = await renderHook(() => useLocalStorageState(KEY, 0, isNumber), {});
    const b = await renderHook(() => useLocalStorageState(KEY, 0, isNumber), {});
    await act(async () => a.current[1](7));
    expect(b.current[0]).toBe(7);
    await a.unmount();
    await b.unmount();
  });

  it("follows another tab's write through the storage event", async () => {
    const hook = await renderHook(() => useLocalStorageState(KEY, 0, isNumber), {});
    await act(async () => {
      // What another tab does: write, and the browser tells this tab.
      localStorage.setItem(KEY, "41");
      window.dispatchEvent(new StorageEvent("storage", { key: KEY, newValue: "41" }));
    });
    expect(hook.current[0]).toBe(41);
    await hook.unmount();
  });

  it("ignores a stored value of the wrong shape", async () => {
    localStorage.setItem(KEY, '"not a number"');
    const hook = await renderHook(() => useLocalStorageState(KEY, 5, isNumber), {});
    expect(hook.current[0]).toBe(5);
    localStorage.setItem(KEY, "{broken");
    await hook.rerender({});
    expect(hook.current[0]).toBe(5);
    await hook.unmount();
  });
});
