import PhotoSwipeLightbox from "photoswipe/lightbox";
import { templateText, textIn } from "../bilingual-text.ts";
import { registerPanel } from "../lightbox-panel.ts";

// The gallery's lightbox (PhotoSwipe 5): a click or Enter on a photo's link opens it at that
// photo with the size and files the link names (data-pswp-*); arrows, Escape, swipe and pinch
// zoom are PhotoSwipe's; focus returns to the link that opened it. Without this script the link
// goes to the photo's page. Texts are the interface language's, read when it opens from the
// page's bilingual templates (src/components/gallery/Lightbox.astro), so a language switched
// meanwhile is followed. PhotoSwipe turns its animations off under prefers-reduced-motion; the
// options say so too.
//
// The open photo is in the address (`#photo=<slug>`): opening adds a history entry, so Back
// closes it; moving to another photo replaces the entry; an address with the hash opens the
// lightbox at that photo (Lightbox.astro loads this script at once for it).

const HASH = "#photo=";

/** The photo the address names, if it names one. */
const photoInAddress = () =>
  location.hash.startsWith(HASH) ? decodeURIComponent(location.hash.slice(HASH.length)) : null;

/** A label of the lightbox, from Lightbox.astro's templates. */
const label = (name: string) => templateText(`gallery-label-${name}`);

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function enhance(gallery: HTMLElement): void {
  const links = () => [...gallery.querySelectorAll<HTMLAnchorElement>("a[data-pswp-src]")];
  const lightbox = new PhotoSwipeLightbox({
    gallery,
    children: "a[data-pswp-src]",
    pswpModule: () => import("photoswipe"),
    bgOpacity: 0.92,
    // Only the photo's own panel below it, never over it: room for the caption.
    paddingFn: (viewport) => ({ top: 16, bottom: viewport.x < 640 ? 96 : 132, left: 8, right: 8 }),
  });
  // Texts and motion as they are when it opens.
  const prepare = () => {
    Object.assign(lightbox.options, {
      closeTitle: label("close"),
      zoomTitle: label("zoom"),
      arrowPrevTitle: label("previous"),
      arrowNextTitle: label("next"),
      errorMsg: label("error"),
      ...(reducedMotion() ? { showHideAnimationType: "none", zoomAnimationDuration: 0 } : {}),
    });
  };
  gallery.addEventListener("click", prepare, { capture: true });

  // The address follows the open photo. `pushed`: the entry opening added, which closing takes
  // back (one opened from an address has none of its own).
  let pushed = false;
  const slugOf = () => lightbox.pswp?.currSlide?.data.element?.dataset.photo;
  lightbox.on("change", () => {
    const slug = slugOf();
    if (!slug) return;
    const hash = `${HASH}${encodeURIComponent(slug)}`;
    if (location.hash === hash) return;
    if (photoInAddress() === null) {
      history.pushState(null, "", hash);
      pushed = true;
    } else {
      history.replaceState(history.state, "", hash);
    }
  });
  lightbox.on("close", () => {
    if (photoInAddress() === null) return; // closed by Back: the address has moved already
    if (pushed) history.back();
    else history.replaceState(history.state, "", location.pathname + location.search);
    pushed = false;
  });
  const openNamed = () => {
    const slug = photoInAddress();
    const index = links().findIndex((link) => link.dataset.photo === slug);
    if (slug === null || index < 0) return false;
    prepare();
    lightbox.loadAndOpen(index, { gallery });
    return true;
  };
  addEventListener("popstate", () => {
    const pswp = lightbox.pswp;
    if (photoInAddress() === null) {
      pushed = false;
      // PhotoSwipe ignores close() while it is still opening: then once it has opened.
      if (pswp?.opener.isOpen) pswp.close();
      else pswp?.on("openingAnimationEnd", () => pswp.close());
    } else if (!pswp) {
      openNamed();
    }
  });
  // The thumbnail is decorative (its link carries the alt text): the large image takes that text.
  lightbox.addFilter("domItemData", (data, _element, link) => ({
    ...data,
    alt: textIn(link.querySelector(".visually-hidden")),
  }));
  lightbox.on("uiRegister", () => {
    if (!lightbox.pswp) return;
    // The panel: the photo's title, caption and camera facts, from its tile's template.
    registerPanel(lightbox.pswp, label("title"), (panel, pswp) => {
      const template = pswp.currSlide?.data.element?.closest("li")?.querySelector("template");
      panel.replaceChildren(template ? template.content.cloneNode(true) : "");
    });
  });
  lightbox.init();
  // Clicks now go to PhotoSwipe (Lightbox.astro's loader held them until here).
  gallery.dataset.lightbox = "ready";
  openNamed();
}

for (const gallery of document.querySelectorAll<HTMLElement>("[data-lightbox]")) enhance(gallery);
