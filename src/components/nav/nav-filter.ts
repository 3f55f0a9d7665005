// The site navigation's quick filter (./SiteNav.astro prints it `hidden`, since without this
// script it could do nothing). As the reader types, it keeps the cards whose title, description
// (in both languages) or address holds every word typed, hides the groups left empty, and says
// how many links are left in the status line, in both languages (CSS shows the interface
// language's). Escape clears it.

/** Text as the filter compares it: full-width letters made plain, in small letters. */
const fold = (text: string) => text.normalize("NFKC").toLowerCase();

/** A message of the status line with its `{{name}}`s filled. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);

function setUp(root: HTMLElement) {
  const box = root.querySelector<HTMLElement>("[data-nav-filter]");
  const input = box?.querySelector<HTMLInputElement>("input[type=search]");
  const status = root.querySelector<HTMLElement>("[data-nav-status]");
  if (!box || !input || !status) return;
  const cards = [...root.querySelectorAll<HTMLElement>("[data-nav-card]")].map((card) => {
    const texts = [...card.querySelectorAll("[data-nav-text]")].map((e) => e.textContent ?? "");
    const href = card.querySelector("a")?.getAttribute("href") ?? "";
    return { card, text: fold([...texts, href].join("\n")) };
  });
  const groups = [...root.querySelectorAll<HTMLElement>("[data-nav-group]")];
  const messages = [...status.querySelectorAll<HTMLElement>("[data-lang]")];
  let said = "";

  function apply() {
    const query = input?.value.trim() ?? "";
    const words = fold(query).split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const { card, text } of cards) {
      const match = words.every((word) => text.includes(word));
      card.hidden = !match;
      if (match) shown++;
    }
    for (const group of groups) {
      group.hidden = group.querySelector("[data-nav-card]:not([hidden])") === null;
    }
    // Say it only when it changed: a live region repeats whatever is written into it.
    const key = shown === 0 ? `none\u0000${query}` : String(shown);
    if (key === said) return;
    said = key;
    for (const span of messages) {
      const { one = "", other = "", none = "" } = span.dataset;
      const template = shown === 0 ? none : shown === 1 ? one : other;
      span.textContent = fill(template, { count: String(shown), query });
    }
  }

  input.addEventListener("input", apply);
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || input.value === "") return;
    event.preventDefault();
    input.value = "";
    apply();
  });
  // A value the browser restored (back, forward) filters at once.
  addEventListener("pageshow", apply);
  apply();
  box.hidden = false;
}

const root = document.querySelector<HTMLElement>("[data-site-nav]");
if (root) setUp(root);
