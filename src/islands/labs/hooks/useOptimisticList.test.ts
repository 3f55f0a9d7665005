// @vitest-environment happy-dom
import { act } from "react";
import { describe, expect, it } from "vitest";
import { renderHook } from "./test-support.ts";
import { useOptimisticList } from "./useOptimisticList.ts";

/** A server whose answers the test releases one at a time. */
function slowServer() {
  const waiting: Array<{ ok: () => void; fail: () => void }> = [];
  const save = (item: string) =>
    new Promise<string>((resolve, reject) => {
      waiting.push({ ok: () => resolve(`${item} ✓`), fail: () => reject(new Error("refused")) });
    });
  return { save, waiting };
}

describe("useOptimisticList", () => {
  it("shows an item at once as pending, then the server's answer", async () => {
    const server = slowServer();
    const hook = await renderHook(() => useOptimisticList(["a"], server.save), {});
    await act(async () => hook.current.add("b"));
    expect(hook.current.shown).toEqual([
      { item: "a", pending: false },
      { item: "b", pending: true },
    ]);
    expect(hook.current.saving).toBe(true);
    await act(async () => server.waiting[0]?.ok());
    expect(hook.current.shown).toEqual([
      { item: "a", pending: false },
      { item: "b ✓", pending: false },
    ]);
    expect(hook.current.saving).toBe(false);
    await hook.unmount();
  });

  it("drops the item by itself when the server refuses, and says which", async () => {
    const server = slowServer();
    const hook = await renderHook(() => useOptimisticList(["a"], server.save), {});
    await act(async () => hook.current.add("b"));
    await act(async () => server.waiting[0]?.fail());
    expect(hook.current.shown).toEqual([{ item: "a", pending: false }]);
    expect(hook.current.failed).toBe("b");
    await hook.unmount();
  });
});
