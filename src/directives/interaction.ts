import type { ClientDirective } from "astro";
import { HELD_ENTER_ATTRIBUTE } from "../shared/held-enter.ts";

// `client:interaction`: hydrates an island when a person first reaches for it (pointer over
// or down, touch, focus, a key), so a page costs no framework work until it is used. A click
// made while the island was still loading is replayed once it has hydrated. Enter pressed in
// one of its fields meanwhile (a reader who types a search or a question and presses Enter at
// once, before the island's script has come) is held and handed over: the field is marked
// (`HELD_ENTER_ATTRIBUTE`) for the island to act on once mounted (`useHeldEnter`). Given a
// localStorage key (`client:interaction="d-chat"`), it hydrates at once when that key holds
// something: the island has the reader's own state to show (a kept conversation).
const INTENT = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

const interaction: ClientDirective = (load, options, el) => {
  let clicked: Element | null = null;
  const hold = (event: MouseEvent) => {
    // The target may be an icon's <path> inside a button: keep whatever was hit.
    if (!(event.target instanceof Element)) return;
    clicked = event.target;
    event.preventDefault();
    event.stopPropagation();
  };
  const holdEnter = (event: KeyboardEvent) => {
    // Only a plain Enter: Shift+Enter is a new line, and Enter that ends an IME composition
    // (Chinese, Japanese) only confirms the characters.
    if (event.key !== "Enter" || event.isComposing || event.keyCode === 229) return;
    if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    field.setAttribute(HELD_ENTER_ATTRIBUTE, "");
    event.preventDefault();
    event.stopPropagation();
  };
  const start = async () => {
    for (const type of INTENT) el.removeEventListener(type, start);
    el.addEventListener("click", hold, true);
    el.addEventListener("keydown", holdEnter, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      el.removeEventListener("click", hold, true);
      el.removeEventListener("keydown", holdEnter, true);
    }
    const target: Element | null = clicked;
    if (target?.isConnected) {
      target.dispatchEvent(
        new MouseEvent("click", { bubbles: true, cancelable: true, composed: true }),
      );
    }
  };
  for (const type of INTENT) el.addEventListener(type, start, { passive: true });
  if (typeof options.value === "string" && options.value && kept(options.value)) void start();
};

function kept(key: string): boolean {
  try {
    return Boolean(localStorage.getItem(key));
  } catch {
    return false;
  }
}

export default interaction;
