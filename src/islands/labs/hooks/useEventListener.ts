import { useEffect, useRef } from "react";

type Target = Window | Document | HTMLElement | MediaQueryList;

/**
 * Listens to `type` on `target` (the window unless said) for as long as the component is there,
 * always calling the newest `handler`.
 *
 * The pitfalls it avoids: a listener added in an effect that depends on the handler is removed
 * and added again on every render (the handler is a new function each time); one added with an
 * empty dependency list calls the first render's handler forever, with its stale state. The
 * handler is kept in a ref and the listener is attached once per target and type. A null target
 * (an element not there yet) attaches nothing.
 */
export function useEventListener<E extends Event = Event>(
  type: string,
  handler: (event: E) => void,
  target?: Target | null,
  options?: { passive?: boolean; capture?: boolean },
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const passive = options?.passive ?? false;
  const capture = options?.capture ?? false;
  useEffect(() => {
    const on = target === undefined ? window : target;
    if (!on) return;
    // The listener's type is Event; the caller names the event type it listens to.
    const listener = (event: Event) => latest.current(event as E);
    on.addEventListener(type, listener, { passive, capture });
    return () => on.removeEventListener(type, listener, { capture });
  }, [type, target, passive, capture]);
}
