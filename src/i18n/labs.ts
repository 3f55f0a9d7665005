// The labs' messages and their translator: the demos' words (`mix.*`) and the labs' own part of
// the site's (`labs.*`, with the rest of the site's). A demo's island imports this, never
// core.ts's values (see reader.ts).

import { catalogue, type Paths, type TranslateOf } from "./catalogue.ts";
import enMixlab from "./locales/en-US/mixlab.ts";
import enSite from "./locales/en-US/site.ts";
import zhMixlab from "./locales/zh-CN/mixlab.ts";
import zhSite from "./locales/zh-CN/site.ts";

export * from "./locale.ts";

const labs = {
  "zh-CN": { ...zhSite, ...zhMixlab },
  "en-US": { ...enSite, ...enMixlab },
};

/** A key of the labs' messages. */
export type LabsKey = Paths<(typeof labs)["en-US"]>;
export type LabsTranslate = TranslateOf<LabsKey>;

export const { translator, isMessageKey } = catalogue(labs);
