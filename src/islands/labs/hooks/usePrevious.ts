import { useState } from "react";

/**
 * The value `value` had before it last changed (undefined until it first changes): to show a
 * difference ("up 3 since last time") or run something only on a real change.
 *
 * The pitfall it avoids: the usual version writes a ref in an effect and reads it in render,
 * which gives the value of the previous *render*, not the previous *value* (any unrelated
 * re-render makes both the same), and reading a ref during render is what React asks us not to
 * do. This one keeps both in state and updates them during render when `value` changes, the
 * pattern React documents for "storing information from previous renders".
 */
export function usePrevious<T>(value: T): T | undefined {
  const [state, setState] = useState<{ current: T; previous: T | undefined }>({
    current: value,
    previous: undefined,
  });
  if (!Object.is(state.current, value)) {
    const next = { current: value, previous: state.current };
    setState(next);
    return next.previous;
  }
  return state.previous;
}
