import i18next, { type TFunction } from "i18next";
import enUS, { type Messages } from "./locales/en-US.ts";
import zhCN from "./locales/zh-CN.ts";

export const LOCALES = ["zh-CN", "en-US"] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = "en-US";

export const resources: Record<Locale, Messages> = { "zh-CN": zhCN, "en-US": enUS };

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

// Dotted paths to every string in the default resources: `t` accepts only real keys.
type Paths<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Paths<Messages>;

const instance = i18next.createInstance();
void instance.init({
  resources: {
    "zh-CN": { translation: zhCN },
    "en-US": { translation: enUS },
  },
  lng: FALLBACK_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  initAsync: false,
  interpolation: { escapeValue: false }, // React and Astro escape on output
  returnNull: false,
});

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A translator bound to one locale. */
export function getTranslator(locale: Locale): Translate {
  const t: TFunction = instance.getFixedT(locale);
  return (key, values) => String(t(key, values ?? {}));
}
