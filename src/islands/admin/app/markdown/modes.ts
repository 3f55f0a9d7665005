// What the editor shows: the text alone, the preview alone, or both side by side. The choice
// is kept in the browser for the next text; side by side needs a wide window.

export const MODES = ["write", "preview", "split"] as const;
export type Mode = (typeof MODES)[number];

const KEY = "bms-editor-mode";
/** Side by side only where each half still holds a readable line. */
const WIDE = "(min-width: 1100px)";

const isMode = (value: unknown): value is Mode => MODES.some((m) => m === value);

/**
 * The mode to open with: the one chosen last, else side by side for a long text in a wide
 * window, else the text alone. A phone never opens side by side.
 */
export function storedMode(long: boolean): Mode {
  const wide = typeof matchMedia === "function" && matchMedia(WIDE).matches;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    // Storage can be off: the default stands.
  }
  if (isMode(stored) && (stored !== "split" || wide)) return stored;
  return long && wide ? "split" : "write";
}

export function storeMode(mode: Mode): void {
  try {
    localStorage.setItem(KEY, mode);
  } catch {
    // Storage can be off: the choice lasts as long as the page.
  }
}
