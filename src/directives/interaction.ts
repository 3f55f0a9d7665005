import type { ClientDirective } from "astro";

// `client:interaction`: hydrates an island when a person first reaches for it (pointer over
// or down, touch, focus, a key), so a page costs no framework work until it is used. A click
// made while the island was still loading is replayed once it has hydrated, and text typed into
// its fields meanwhile is kept (a dev server's React renders a mismatched island afresh). Given a
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
      // Text typed into the server's fields while the island loaded: hydrating a controlled
      // field puts the component's own value back, so it is handed over as typing once
      // hydrated (through the value setter React watches, then an input event).
      const typed = fields(el).map((field) => field.value);
      await hydrate();
      for (const [i, field] of fields(el).entries()) {
        const value = typed[i];
        if (value && field.value !== value) retype(field, value);
      }
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

/** The island's text fields, in document order. */
function fields(el: HTMLElement): Array<HTMLInputElement | HTMLTextAreaElement> {
  return [...el.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")].filter(
    (field) => !(field instanceof HTMLInputElement) || TEXT_TYPES.has(field.type),
  );
}

const TEXT_TYPES = new Set(["text", "search", "email", "url", "tel", "password", ""]);

function retype(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = field instanceof HTMLInputElement ? HTMLInputElement : HTMLTextAreaElement;
  Object.getOwnPropertyDescriptor(proto.prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

function kept(key: string): boolean {
  try {
    return Boolean(localStorage.getItem(key));
  } catch {
    return false;
  }
}

export default interaction;
