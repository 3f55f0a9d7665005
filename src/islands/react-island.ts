/**
 * Marks a component as React's for Astro. Without the mark, Astro asks every renderer whether
 * a component is theirs, and React answers by rendering a trial copy: on every page, for every
 * island, a second React render. The islands on every page (search, person menu, feedback)
 * carry the mark; `astro:renderer` is the symbol Astro's own renderers use for this.
 */
export function reactIsland<T extends object>(component: T): T {
  Object.defineProperty(component, Symbol.for("astro:renderer"), { value: "@astrojs/react" });
  return component;
}
