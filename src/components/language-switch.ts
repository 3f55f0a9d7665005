// The footer's language switch (LanguageSwitch.astro): its buttons set the interface language
// and show which is on.
import { isLocale } from "../i18n/locale.ts";
import { pressedSwitch } from "../islands/ui/pressed-switch.ts";
import { $locale, setLocale } from "../stores/locale.ts";

class LanguageSwitch extends HTMLElement {
  connectedCallback() {
    pressedSwitch(this, "locale", $locale, (locale) => {
      if (isLocale(locale)) setLocale(locale);
    });
  }
}
customElements.define("language-switch", LanguageSwitch);
