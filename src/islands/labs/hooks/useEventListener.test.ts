// @vitest-environment happy-dom
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderHook } from "./test-support.ts";
import { useEventListener } from "./useEventListener.ts";

describe("useEventListener", () => {
  it("listens on the window with the newest handler, attached once", async () => {
    const seen: string[] = [];
    const add = vi.spyOn(window, "addEventListener");
    const hook = await renderHook(
      ({ label }) =>
        useEventListener<KeyboardEvent>("keydown", (e) => seen.push(`${label}:${e.key}`)),
      { label: "a" },
    );
    await hook.rerender({ label: "b" });
    await hook.rerender({ label: "c" });
    expect(add.mock.calls.filter(([type]) => type === "keydown")).toHaveLength(1);
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "k" }));
    });
    expect(seen).toEqual(["c:k"]);
    await hook.unmount();
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "x" }));
    expect(seen).toEqual(["c:k"]);
    add.mockRestore();
  });

  it("moves to a new target and attaches nothing to a null one", async () => {
    const seen: string[] = [];
    const one = document.createElement("button");
    const two = document.createElement("button");
    const hook = await renderHook(
      ({ target }) => useEventListener("click", () => seen.push("click"), target),
      { target: null as HTMLElement | null },
    );
    one.click();
    expect(seen).toEqual([]);
    await hook.rerender({ target: one });
    one.click();
    await hook.rerender({ target: two });
    one.click();
    two.click();
    expect(seen).toEqual(["click", "click"]);
    await hook.unmount();
  });
});
