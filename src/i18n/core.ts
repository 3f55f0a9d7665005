// The dependency-free half of the i18n system: locales, the resources, the locale rule and a
// translator. Islands use this one: it does what they need (key lookup and {{name}}
// interpolation) without shipping i18next to the browser. src/i18n/index.ts adds i18next for
// the build; a test holds both to the same output for every key.

import { FALLBACK_LOCALE, type Locale } from "./locale.ts";
import enUS, { type Messages } from "./locales/en-US.ts";
import zhCN from "./locales/zh-CN.ts";

export * from "./locale.ts";

export const resources: Record<Locale, Messages> = { "zh-CN": zhCN, "en-US": enUS };

// Dotted paths to every string in the default resources: `t` accepts only real keys.
type Paths<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Paths<Messages>;

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

function lookup(messages: unknown, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Whether `key` names a string of the default resources (a schema's message may be one). */
export function isMessageKey(key: string): key is MessageKey {
  return lookup(resources[FALLBACK_LOCALE], key) !== undefined;
}

/** A translator bound to one locale, falling back to en-US, then to the key itself. */
export function translator(locale: Locale): Translate {
  return (key, values) => {
    const text = lookup(resources[locale], key) ?? lookup(resources[FALLBACK_LOCALE], key) ?? key;
    return values
      ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(values[name] ?? whole))
      : text;
  };
}
