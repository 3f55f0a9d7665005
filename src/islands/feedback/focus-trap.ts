import type { KeyboardEvent as ReactKeyboardEvent } from "react";

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) =>
      el.getClientRects().length > 0 &&
      !(el instanceof HTMLInputElement && el.type === "radio" && !el.checked),
  );
}

/**
 * Keeps Tab and Shift+Tab cycling inside `root`. A modal <dialog> already makes the page
 * inert, but would let focus leave for the browser's own controls.
 */
export function trapTab(root: HTMLElement, event: KeyboardEvent | ReactKeyboardEvent): void {
  if (event.key !== "Tab") return;
  const items = tabbables(root);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
