import { type RefCallback, useCallback, useEffect, useRef, useState } from "react";

export interface IntersectionOptions {
  /** How far outside the viewport an element counts as near, as CSS margins ("0px 0px 200px"). */
  rootMargin?: string;
  /** How much of the element must show (0 to 1). */
  threshold?: number;
  /** Stop watching once it has been seen: a lazy reveal happens once. */
  once?: boolean;
}

/**
 * Whether an element is in view, for a reveal or a load that waits until it is needed. Returns a
 * ref callback to put on the element and whether it intersects.
 *
 * The pitfalls it avoids: listening to `scroll` and measuring (layout work on every frame,
 * where the observer is told by the browser off the main thread's hot path); an observer made
 * in an effect on a `useRef` object, which never hears of an element that appears later (a ref
 * callback sees each element come and go); and observers left running after unmount. Where
 * IntersectionObserver does not exist, the element counts as seen, so content is never hidden.
 */
export function useIntersectionObserver({
  rootMargin = "0px",
  threshold = 0,
  once = false,
}: IntersectionOptions = {}): [RefCallback<Element>, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [visible, setVisible] = useState(false);
  const seen = useRef(false);

  useEffect(() => {
    if (!element || (once && seen.current)) return;
    if (typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        setVisible(entry.isIntersecting);
        if (entry.isIntersecting && once) {
          seen.current = true;
          observer.disconnect();
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin, threshold, once]);

  const ref = useCallback<RefCallback<Element>>((node) => setElement(node), []);
  return [ref, visible];
}
