import type { ClientDirective } from "astro";

// `client:interaction`: hydrates an island when a person first reaches for it (pointer over
// or down, touch, focus, a key), so a page costs no framework work until it is used. A click
// made while the island was still loading is replayed once it has hydrated. Given a
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
  const start = async () => {
    for (const type of INTENT) el.removeEventListener(type, start);
    el.addEventListener("click", hold, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      el.removeEventListener("click", hold, true);
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
