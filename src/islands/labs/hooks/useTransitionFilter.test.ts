// @vitest-environment happy-dom
import { act } from "react";
import { describe, expect, it } from "vitest";
import { renderHook } from "./test-support.ts";
import { useTransitionFilter } from "./useTransitionFilter.ts";

const items = ["apple", "apricot", "banana", "cherry"];
const matches = (item: string, query: string) => item.includes(query);

describe("useTransitionFilter", () => {
  it("renders the text first, then the list in a transition", async () => {
    const hook = await renderHook(({ urgent }) => useTransitionFilter(items, matches, { urgent }), {
      urgent: false,
    });
    expect(hook.current.results).toBe(items);
    await act(async () => hook.current.setQuery("ap"));
    // Some render showed the new text over the old list, pending: the urgent update alone.
    expect(
      hook.all.some((r) => r.query === "ap" && r.pending && r.results.length === items.length),
    ).toBe(true);
    expect(hook.current).toMatchObject({ query: "ap", pending: false });
    expect(hook.current.results).toEqual(["apple", "apricot"]);
    await hook.unmount();
  });

  it("filters in the same render when urgent, never pending", async () => {
    const hook = await renderHook(() => useTransitionFilter(items, matches, { urgent: true }), {});
    await act(async () => hook.current.setQuery("an"));
    expect(hook.all.every((r) => !r.pending)).toBe(true);
    expect(hook.current.results).toEqual(["banana"]);
    await hook.unmount();
  });
});
