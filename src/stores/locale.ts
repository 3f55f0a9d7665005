import { atom } from "nanostores";
import { isLocale, type Locale, resolveLocale } from "../i18n/locale.ts";
import { STORAGE_KEYS } from "../shared/storage-keys.ts";

function initialLocale(): Locale {
  if (typeof document === "undefined") return "en-US";
  // The inline head script has already resolved the locale onto <html data-locale>.
  const lang = document.documentElement.dataset.locale;
  return lang && isLocale(lang) ? lang : resolveLocale(null, navigator.language);
}

/** The interface language; islands read it with useStore. */
export const $locale = atom<Locale>(initialLocale());

/** Switches the language everywhere at once and remembers it. */
export function setLocale(locale: Locale): void {
  $locale.set(locale);
  const root = document.documentElement;
  root.dataset.locale = locale;
  // A page in one language (an article) keeps it; the interface around it changes.
  if (!root.dataset.contentLang) root.lang = locale;
  const titles = root.dataset.titles ? JSON.parse(root.dataset.titles) : null;
  if (titles && typeof titles[locale] === "string") document.title = titles[locale];
  try {
    localStorage.setItem(STORAGE_KEYS.locale, locale);
  } catch {
    // Storage can be unavailable (private mode); the switch still applies to this page.
  }
}
