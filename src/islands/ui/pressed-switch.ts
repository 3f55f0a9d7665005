import type { ReadableAtom } from "nanostores";

/**
 * Wires a two-state switch of the footer (theme, language): a click on a button chooses the
 * value in its `data-<key>`, and the button holding the store's value is the pressed one
 * (`aria-pressed`), whatever changed it (this switch, another tab, the head script).
 */
export function pressedSwitch(
  root: HTMLElement,
  key: string,
  store: ReadableAtom<string>,
  choose: (value: string | undefined) => void,
): void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>("button")].filter(
    (button) => button.dataset[key] !== undefined,
  );
  for (const button of buttons) {
    button.addEventListener("click", () => choose(button.dataset[key]));
  }
  store.subscribe((value) => {
    for (const button of buttons) {
      button.setAttribute("aria-pressed", String(button.dataset[key] === value));
    }
  });
}
