// @vitest-environment happy-dom
import { act, createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "./test-support.ts";
import { useMediaQuery, usePrefersReducedMotion } from "./useMediaQuery.ts";

// happy-dom's own MediaQueryList for each query, whose answer the test sets and whose change
// event it fires, as a browser does when the window or a system setting changes.
function fakeMatchMedia(matching: Set<string>) {
  const real = window.matchMedia.bind(window);
  const lists = new Map<string, MediaQueryList>();
  const matchMedia = (query: string) => {
    let list = lists.get(query);
    if (!list) {
      list = real(query);
      Object.defineProperty(list, "matches", { get: () => matching.has(query) });
      lists.set(query, list);
    }
    return list;
  };
  const flip = (query: string, on: boolean) => {
    if (on) matching.add(query);
    else matching.delete(query);
    lists.get(query)?.dispatchEvent(new Event("change"));
  };
  return { matchMedia, flip };
}

/** Both hooks' answers, as the server renders them. */
function ServerProbe() {
  return createElement("p", null, `${useMediaQuery("(x)")} ${usePrefersReducedMotion()}`);
}

describe("useMediaQuery", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers the query now and follows its changes", async () => {
    const media = fakeMatchMedia(new Set(["(min-width: 40rem)"]));
    vi.spyOn(window, "matchMedia").mockImplementation(media.matchMedia);
    const hook = await renderHook(({ q }) => useMediaQuery(q), { q: "(min-width: 40rem)" });
    expect(hook.current).toBe(true);
    await act(async () => media.flip("(min-width: 40rem)", false));
    expect(hook.current).toBe(false);
    await hook.rerender({ q: "(prefers-color-scheme: dark)" });
    expect(hook.current).toBe(false);
    await act(async () => media.flip("(prefers-color-scheme: dark)", true));
    expect(hook.current).toBe(true);
    await hook.unmount();
  });

  it("follows the reader's motion setting", async () => {
    const media = fakeMatchMedia(new Set());
    vi.spyOn(window, "matchMedia").mockImplementation(media.matchMedia);
    const hook = await renderHook(() => usePrefersReducedMotion(), {});
    expect(hook.current).toBe(false);
    await act(async () => media.flip("(prefers-reduced-motion: reduce)", true));
    expect(hook.current).toBe(true);
    await hook.unmount();
  });

  it("renders the server's guess without a window: reduced motion until the browser says", () => {
    expect(renderToString(createElement(ServerProbe))).toBe("<p>false true</p>");
  });
});
