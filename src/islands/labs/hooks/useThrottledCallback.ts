import { useCallback, useEffect, useRef } from "react";

/**
 * `callback`, called at most once every `intervalMs`, however often the returned function is:
 * the first call runs at once, and the last call of a burst runs when the interval ends, so the
 * final position of a drag or a scroll is never lost.
 *
 * The pitfall it avoids: a throttle rebuilt on each render forgets when it last ran, and one
 * built once keeps calling the callback of its first render, with its stale state. The returned
 * function is stable (safe in an effect's dependencies) and always calls the newest callback,
 * kept in a ref; a pending trailing call is cancelled on unmount.
 */
export function useThrottledCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  intervalMs: number,
): (...args: A) => void {
  const latest = useRef(callback);
  const lastRun = useRef(Number.NEGATIVE_INFINITY);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; args: A } | null>(null);

  useEffect(() => {
    latest.current = callback;
  });
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = null;
    },
    [],
  );

  return useCallback(
    (...args: A) => {
      const wait = lastRun.current + intervalMs - Date.now();
      if (wait <= 0) {
        // A trailing call whose timer the browser has not run yet (input comes first on a busy
        // page) holds older arguments: running after this one, it would undo it.
        if (pending.current) clearTimeout(pending.current.timer);
        pending.current = null;
        lastRun.current = Date.now();
        latest.current(...args);
        return;
      }
      // Inside the interval: remember the newest arguments for one call at its end.
      if (pending.current) {
        pending.current.args = args;
        return;
      }
      const timer = setTimeout(() => {
        const call = pending.current;
        pending.current = null;
        if (!call) return;
        lastRun.current = Date.now();
        latest.current(...call.args);
      }, wait);
      pending.current = { timer, args };
    },
    [intervalMs],
  );
}
