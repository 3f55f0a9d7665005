import zoomUrl from "./zoom.ts?chunk-url";

// A page of text's tools (ProseTools.astro loads this when a reader first reaches for the page):
// a copy button on each highlighted code block, and its pictures, and a note's, opening in a
// lightbox (zoom.ts) on a click, or Enter or Space (each picture made a button; a note's
// pictures are links already, to the full size without a script).

const template = (id: string) => {
  const found = document.getElementById(id);
  return found instanceof HTMLTemplateElement ? found : null;
};

function copyButtons(): void {
  const label = template("copy-code-label");
  const done = template("copied-code-label");
  if (!label || !done) return;
  for (const pre of document.querySelectorAll<HTMLPreElement>(".prose pre")) {
    // An island's own code block is React's to render: wrapped before it hydrates, it would no
    // longer match (React error #418 on the lab demos that show code).
    if (pre.closest("astro-island, .code-block")) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "copy-code";
    button.append(label.content.cloneNode(true));
    button.addEventListener("click", async () => {
      await navigator.clipboard.writeText(
        pre.querySelector("code")?.textContent ?? pre.textContent,
      );
      button.replaceChildren(done.content.cloneNode(true));
      setTimeout(() => button.replaceChildren(label.content.cloneNode(true)), 2000);
    });
    const wrap = document.createElement("div");
    wrap.className = "code-block";
    pre.replaceWith(wrap);
    wrap.append(pre, button);
  }
}

function zoomPictures(): void {
  const images = [
    ...document.querySelectorAll<HTMLImageElement>(
      ".prose img:not(a img, astro-island img), .pictures a > img",
    ),
  ];
  for (const img of images) {
    if (img.closest("a")) continue;
    img.tabIndex = 0;
    img.setAttribute("role", "button");
  }
  const open = (event: KeyboardEvent | MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    const picture = target?.closest(".pictures a")?.querySelector("img") ?? target;
    const index = picture instanceof HTMLImageElement ? images.indexOf(picture) : -1;
    if (index < 0) return;
    event.preventDefault();
    const module: Promise<typeof import("./zoom.ts")> = import(/* @vite-ignore */ zoomUrl);
    module.then(
      ({ zoom }) => zoom(images, index),
      (payload: unknown) =>
        dispatchEvent(Object.assign(new Event("vite:preloadError"), { payload })),
    );
  };
  document.addEventListener("click", open);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") open(event);
  });
}

let done = false;

/** Adds the tools, once. */
export function enhance(): void {
  if (done) return;
  done = true;
  copyButtons();
  zoomPictures();
}
