import { atom } from "nanostores";
import { STORAGE_KEYS } from "../shared/storage-keys.ts";

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

function initialTheme(): Theme {
  if (typeof document === "undefined") return "dark";
  return document.documentElement.dataset.theme === "light" ? "light" : "dark";
}

/** The colour theme; the inline head script applied it before first paint. */
export const $theme = atom<Theme>(initialTheme());

export function setTheme(theme: Theme): void {
  $theme.set(theme);
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Storage can be unavailable (private mode); the switch still applies to this page.
  }
}
