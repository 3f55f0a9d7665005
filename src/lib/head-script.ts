import { SITE } from "../config.ts";
import type { Locale } from "../i18n/locale.ts";
import { STORAGE_KEYS } from "../shared/storage-keys.ts";

// The only render-blocking script (src/components/HeadScript.astro prints it): it applies the
// stored theme, language and login state before first paint, so it stays under 1 KB (checked by
// tests/e2e/shell.spec.ts). Keys and defaults match src/shared/storage-keys.ts and SPEC.md
// section 9; the language is `resolveLocale`'s rule (src/i18n/locale.ts): the stored choice, else
// the browser's language when it is one of ours, else the site's default (its settings). The
// interface's language goes to `data-locale`; `lang` follows it unless the page's content has a
// language of its own (`data-content-lang`). The build hashes it for the CSP like every inline
// script.

const key = JSON.stringify;
const scripts = new Map<Locale, string>();

/**
 * The browser's language (`n`) to one of ours: with two, one test says it all. A Chinese
 * browser gets zh-CN and an English one en-US; any other gets the default, which is one of them.
 */
const fromBrowser = (defaultLocale: Locale) =>
  defaultLocale === "en-US" ? `/^zh/i.test(n)?"zh-CN":"en-US"` : `/^en/i.test(n)?"en-US":"zh-CN"`;

/** The head script of a site whose first visits default to `defaultLocale`, made once per build. */
export function headScript(defaultLocale: Locale): string {
  let script = scripts.get(defaultLocale);
  if (script === undefined) {
    script = `(()=>{var d=document.documentElement,s,t,l,u,n,a="guest";try{s=localStorage;t=s.getItem(${key(STORAGE_KEYS.theme)});l=s.getItem(${key(STORAGE_KEYS.locale)});u=JSON.parse(s.getItem(${key(STORAGE_KEYS.userInfo)})||"null");if(u?.token&&u.user?.isLogin)a=u.user.role==="admin"?"admin":"user"}catch{}d.dataset.theme=t==="light"||t==="dark"?t:${key(SITE.defaultTheme)};if(l!=="zh-CN"&&l!=="en-US"){n=navigator.language||"";l=${fromBrowser(defaultLocale)}}d.dataset.locale=l;if(!d.dataset.contentLang)d.lang=l;d.dataset.auth=a;d.classList.add("js");try{document.title=JSON.parse(d.dataset.titles)[l]}catch{}})()`;
    scripts.set(defaultLocale, script);
  }
  return script;
}
