import type PhotoSwipe from "photoswipe";

// What both lightboxes (gallery/lightbox.ts, content/zoom.ts) add to PhotoSwipe once its UI is
// made: the dialog marked modal and named, and a panel under the picture (`.pswp-info`,
// src/styles/lightbox.css) that says what the open picture is, announced as it changes.

/** Call from PhotoSwipe's `uiRegister`: names the dialog `title`; `fill` writes the panel. */
export function registerPanel(
  pswp: PhotoSwipe,
  title: string,
  fill: (panel: HTMLElement, pswp: PhotoSwipe) => void,
): void {
  pswp.element?.setAttribute("aria-modal", "true");
  pswp.element?.setAttribute("aria-label", title);
  pswp.ui?.registerElement({
    name: "info",
    className: "pswp-info",
    appendTo: "root",
    order: 9,
    isButton: false,
    onInit: (element, photoswipe) => {
      element.setAttribute("aria-live", "polite");
      const show = () => fill(element, photoswipe);
      photoswipe.on("change", show);
      show();
    },
  });
}
