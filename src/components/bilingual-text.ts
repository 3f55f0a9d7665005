// Texts a script shows, read in the interface language from the page's bilingual markup: one
// `<span data-lang>` per language (T.astro, Both.astro), so a language switched meanwhile is
// followed. Used by the lightboxes (gallery/lightbox.ts, content/zoom.ts).

/** The interface language's span of `element`, else its first; its text. */
export function textIn(element: Element | DocumentFragment | null): string {
  if (!element) return "";
  const lang = document.documentElement.dataset.locale;
  const span =
    element.querySelector(`[data-lang="${lang}"]`) ?? element.querySelector("[data-lang]");
  return span?.textContent ?? element.textContent ?? "";
}

/** The text of the template `id` (a message printed in both languages) in the interface's. */
export function templateText(id: string): string {
  const template = document.getElementById(id);
  return template instanceof HTMLTemplateElement ? textIn(template.content) : "";
}
