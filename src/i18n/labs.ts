// The labs' messages and their translator: the labs' own (`labs.*`), the mix lab demos'
// (`mix.*`) and the site's. A demo's island imports this, never core.ts's values (see
// reader.ts).

import { catalogue, type Paths, type TranslateOf } from "./catalogue.ts";
import enLabs from "./locales/en-US/labs.ts";
import enMixlab from "./locales/en-US/mixlab.ts";
import enSite from "./locales/en-US/site.ts";
import zhLabs from "./locales/zh-CN/labs.ts";
import zhMixlab from "./locales/zh-CN/mixlab.ts";
import zhSite from "./locales/zh-CN/site.ts";

export * from "./locale.ts";

const labs = {
  "zh-CN": { ...zhSite, ...zhLabs, ...zhMixlab },
  "en-US": { ...enSite, ...enLabs, ...enMixlab },
};

/** A key of the labs' messages. */
export type LabsKey = Paths<(typeof labs)["en-US"]>;
export type LabsTranslate = TranslateOf<LabsKey>;

export const { translator, isMessageKey } = catalogue(labs);
