import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { type Element, Window } from "happy-dom";

// Astro components rendered in isolation for their tests (vitest.components.config.ts), and
// their HTML parsed as a browser would, to be read with selectors.

type Component = Parameters<AstroContainer["renderToString"]>[0];

let container: Promise<AstroContainer> | undefined;

/** The component's HTML for these props. */
export async function renderHtml(component: Component, props: Record<string, unknown> = {}) {
  container ??= AstroContainer.create();
  return (await container).renderToString(component, { props });
}

/** The component's HTML, parsed into a document's body. */
export async function renderBody(component: Component, props: Record<string, unknown> = {}) {
  const html = await renderHtml(component, props);
  const { document } = new Window();
  document.body.innerHTML = html;
  return { html, body: document.body };
}

/** The texts of an element's own `<span lang>` children: both languages' (Both.astro, T.astro). */
export const langSpans = (element: Element | null | undefined) =>
  [...(element?.querySelectorAll(":scope > span[lang]") ?? [])].map((span) => span.textContent);

/** The values of these attributes of an element, null for one it lacks. */
export const attributes = (element: Element | null | undefined, ...names: string[]) =>
  names.map((name) => element?.getAttribute(name) ?? null);
