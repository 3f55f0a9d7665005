import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now, following it as it changes (a window resized, the
 * system switched to dark or to reduced motion).
 *
 * It reads `matchMedia` through `useSyncExternalStore`, so every component agrees within one
 * render and a change never tears the screen. The pitfalls it avoids: reading `window` during
 * the server render (there is none: the server snapshot is `serverValue`, the page's guess,
 * so hydration matches and the real answer follows), and the old `addListener` API.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/**
 * Whether the reader asked the system for less motion. Until the browser says, it answers yes:
 * an animation that waits is better than one a reader asked not to see.
 */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery("(prefers-reduced-motion: reduce)", true);
}
