// The footer's theme switch (ThemeSwitch.astro): its buttons set the theme and show which is on.
import { pressedSwitch } from "../islands/ui/pressed-switch.ts";
import { $theme, setTheme } from "../stores/theme.ts";

class ThemeSwitch extends HTMLElement {
  connectedCallback() {
    pressedSwitch(this, "themeValue", $theme, (theme) =>
      setTheme(theme === "light" ? "light" : "dark"),
    );
  }
}
customElements.define("theme-switch", ThemeSwitch);
