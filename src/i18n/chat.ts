// The chat page's messages and their translator: its own (`chat.*`) and the site's. The chat's
// island imports this, never core.ts's values (see reader.ts).

import { catalogue, type Paths, type TranslateOf } from "./catalogue.ts";
import enChat from "./locales/en-US/chat.ts";
import enSite from "./locales/en-US/site.ts";
import zhChat from "./locales/zh-CN/chat.ts";
import zhSite from "./locales/zh-CN/site.ts";

export * from "./locale.ts";

const chat = {
  "zh-CN": { ...zhSite, ...zhChat },
  "en-US": { ...enSite, ...enChat },
};

/** A key of the chat's messages. */
export type ChatKey = Paths<(typeof chat)["en-US"]>;
export type ChatTranslate = TranslateOf<ChatKey>;

export const { translator, isMessageKey } = catalogue(chat);
