import type { MouseEvent } from "react";

/**
 * A link's click handler that goes to another back-office screen without a page load, unless
 * the person asked for a new tab or window (modifier keys, another button).
 */
export function inApp(go: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    go();
  };
}
