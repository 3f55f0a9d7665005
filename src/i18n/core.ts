// The dependency-free half of the i18n system: locales, every message and a translator over
// them (catalogue.ts). The back office and the server use this one; a visitor's island uses
// reader.ts, which holds only the visitor side's messages. src/i18n/index.ts adds i18next for
// the build; a test holds both to the same output for every key.

import { catalogue, type Paths, type TranslateOf } from "./catalogue.ts";
import type { Locale } from "./locale.ts";
import enUS, { type Messages } from "./locales/en-US.ts";
import zhCN from "./locales/zh-CN.ts";

export type { Paths, TranslateOf, Words } from "./catalogue.ts";
export * from "./locale.ts";

export const resources: Record<Locale, Messages> = { "zh-CN": zhCN, "en-US": enUS };

/** A key of any message, the back office's included. */
export type MessageKey = Paths<Messages>;
export type Translate = TranslateOf<MessageKey>;

export const { translator, isMessageKey, pluralForms } = catalogue(resources);
