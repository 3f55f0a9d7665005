// Locales and the rule that picks one: no messages here, so a script that only needs to know
// the language (the switch, the locale store) does not carry both languages' resources.

export const LOCALES = ["zh-CN", "en-US"] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = "en-US";

export function isLocale(value: unknown): value is Locale {
  return value === "zh-CN" || value === "en-US";
}

/** SPEC.md section 9: the stored locale, else zh-CN when the browser language starts with zh, else en-US. */
export function resolveLocale(
  stored: string | null | undefined,
  browserLanguage: string | undefined,
): Locale {
  if (isLocale(stored)) return stored;
  return browserLanguage?.toLowerCase().startsWith("zh") ? "zh-CN" : FALLBACK_LOCALE;
}
