// The dependency-free half of the i18n system: locales, the resources, the locale rule and a
// translator. Islands use this one: it does what they need (key lookup and {{name}}
// interpolation) without shipping i18next to the browser. src/i18n/index.ts adds i18next for
// the build; a test holds both to the same output for every key.

import { FALLBACK_LOCALE, type Locale } from "./locale.ts";
import enUS, { type Messages } from "./locales/en-US.ts";
import zhCN from "./locales/zh-CN.ts";

export * from "./locale.ts";

export const resources: Record<Locale, Messages> = { "zh-CN": zhCN, "en-US": enUS };

/** A plural message's key without its form (`total_one`, `total_other`: `total`). */
type PluralBase<K extends string> = K extends `${infer B}_${"one" | "other"}` ? B : K;

// Dotted paths to every string in the default resources: `t` accepts only real keys. A plural
// message (i18next's `key_one`, `key_other`) is named by its base key and chosen by `count`.
type Paths<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${PluralBase<K>}` : Paths<T[K], `${P}${K}.`>;
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
  const messages = resources[FALLBACK_LOCALE];
  return (lookup(messages, key) ?? lookup(messages, `${key}_other`)) !== undefined;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * The message of `key` in `locale`, as i18next finds it: with a number `count`, the plural
 * form the language's rules choose (`key_one`, `key_other`), then `key_other`, then `key`.
 */
function find(locale: Locale, key: string, count: unknown): string | undefined {
  const messages = resources[locale];
  if (typeof count !== "number") return lookup(messages, key);
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return (
    lookup(messages, `${key}_${rules.select(count)}`) ??
    lookup(messages, `${key}_other`) ??
    lookup(messages, key)
  );
}

/**
 * A plural message's two forms in `locale`, `{{count}}` left in place: for a script that learns
 * the number in the browser (a card's comment count) and picks the form there.
 */
export function pluralForms(locale: Locale, key: MessageKey): { one: string; other: string } {
  const other = find(locale, key, 2) ?? key;
  const messages = resources[locale];
  return { one: lookup(messages, `${key}_one`) ?? other, other };
}

/** A translator bound to one locale, falling back to en-US, then to the key itself. */
export function translator(locale: Locale): Translate {
  return (key, values) => {
    const count = values?.count;
    const text = find(locale, key, count) ?? find(FALLBACK_LOCALE, key, count) ?? key;
    return values
      ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(values[name] ?? whole))
      : text;
  };
}
