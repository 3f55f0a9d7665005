import i18next, { type TFunction } from "i18next";
import { FALLBACK_LOCALE, LOCALES, type Locale, resources, type Translate } from "./core.ts";

export * from "./core.ts";

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(
    LOCALES.map((locale) => [locale, { translation: resources[locale] }]),
  ),
  lng: FALLBACK_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  initAsync: false,
  interpolation: { escapeValue: false }, // Astro and React escape on output
  returnNull: false,
});

/** A translator bound to one locale, through the one i18next instance (build time, server). */
export function getTranslator(locale: Locale): Translate {
  const t: TFunction = instance.getFixedT(locale);
  return (key, values) => String(t(key, values ?? {}));
}
