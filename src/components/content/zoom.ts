import PhotoSwipe from "photoswipe";
import styleUrl from "../../styles/lightbox.css?url";
import { templateText } from "../bilingual-text.ts";
import { registerPanel } from "../lightbox-panel.ts";

// Zoom on the pictures of an article, a chapter or a note (ProseTools.astro loads this when a
// reader opens one): the same PhotoSwipe as the gallery, at the picture's full size, its alt
// text as the caption, the page's other pictures a swipe away. Focus goes back to the picture.
// The lightboxes' stylesheet (PhotoSwipe's and the caption's) comes with it, not with the page.

const label = (name: string) => templateText(`zoom-label-${name}`);

let styled: Promise<void> | undefined;
/** PhotoSwipe's stylesheet, added once; opening waits for it. */
function style(): Promise<void> {
  styled ??= new Promise((done) => {
    const link = Object.assign(document.createElement("link"), {
      rel: "stylesheet",
      href: styleUrl,
    });
    link.addEventListener("load", () => done());
    link.addEventListener("error", () => done());
    document.head.append(link);
  });
  return styled;
}

/** Opens `images` in a lightbox at `index`. */
export async function zoom(images: readonly HTMLImageElement[], index: number): Promise<void> {
  await style();
  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const pswp = new PhotoSwipe({
    dataSource: images.map((img) => ({
      src: img.currentSrc || img.src,
      width: img.naturalWidth || img.width,
      height: img.naturalHeight || img.height,
      alt: img.alt,
      element: img,
    })),
    index,
    bgOpacity: 0.92,
    paddingFn: (viewport) => ({ top: 16, bottom: viewport.x < 640 ? 72 : 96, left: 8, right: 8 }),
    closeTitle: label("close"),
    zoomTitle: label("zoom"),
    arrowPrevTitle: label("previous"),
    arrowNextTitle: label("next"),
    errorMsg: label("error"),
    ...(reduced ? { showHideAnimationType: "none", zoomAnimationDuration: 0 } : {}),
  });
  // The panel: the picture's alt text.
  pswp.on("uiRegister", () =>
    registerPanel(pswp, label("title"), (panel) => {
      panel.textContent = pswp.currSlide?.data.alt ?? "";
      panel.hidden = !panel.textContent;
    }),
  );
  pswp.init();
}
