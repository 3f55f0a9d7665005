// The visitor side's messages and their translator: the site's pages, the account forms, the
// feedback button and the comments. A visitor's island imports this, never core.ts's values,
// so it does not carry the back office's words to the reader (about 35 KB gzip of both
// languages; the architecture test holds it). The chat and the labs' demos have their own
// (chat.ts, labs.ts); the server's mails are in core.ts only.

import { catalogue, type Paths, type TranslateOf } from "./catalogue.ts";
import enAuth from "./locales/en-US/auth.ts";
import enComments from "./locales/en-US/comments.ts";
import enSite from "./locales/en-US/site.ts";
import zhAuth from "./locales/zh-CN/auth.ts";
import zhComments from "./locales/zh-CN/comments.ts";
import zhSite from "./locales/zh-CN/site.ts";

export type { Words } from "./catalogue.ts";
export * from "./locale.ts";

const visitor = {
  "zh-CN": { ...zhSite, ...zhAuth, ...zhComments },
  "en-US": { ...enSite, ...enAuth, ...enComments },
};

/** A key of the visitor side's messages. */
export type ReaderKey = Paths<(typeof visitor)["en-US"]>;
export type ReaderTranslate = TranslateOf<ReaderKey>;

export const { translator, isMessageKey, pluralForms } = catalogue(visitor);
