// The home page's carousel (markup: ./HomeBanners.astro), after the WAI-ARIA carousel
// pattern: a rotation button first (pause or play), previous and next, and a link to each slide.
// It turns by itself every few seconds only while nothing stops it: never under
// prefers-reduced-motion (until the reader presses play), never while focus is inside it or the
// pointer is over it, never in a hidden tab. While it turns the slides are not announced
// (aria-live off); paused, a slide brought in by the buttons is (polite). Without this script
// the row of slides scrolls and snaps, and each slide's link still brings it in.

/** How long a slide shows before the next, when the carousel turns by itself. */
export const ROTATE_MS = 6000;

function enhance(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>(".banner-track");
  const slides = [...root.querySelectorAll<HTMLElement>(".banner")];
  const dots = [...root.querySelectorAll<HTMLAnchorElement>(".banner-dot")];
  const button = (name: string) =>
    root.querySelector<HTMLButtonElement>(`button[data-banner="${name}"]`);
  const rotation = button("rotation");
  const previous = button("previous");
  const next = button("next");
  if (!track || slides.length < 2 || !rotation || !previous || !next) return;
  for (const control of [rotation, previous, next]) control.hidden = false;

  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  let playing = !reduced.matches;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current = 0;

  const width = () => Math.max(1, track.clientWidth);
  /** The slide the row is scrolled to. */
  const inView = () =>
    Math.min(slides.length - 1, Math.max(0, Math.round(track.scrollLeft / width())));

  // Arrow functions, not declarations: made after the checks above, they see `track` as found.
  const mark = (index: number): void => {
    current = index;
    for (const [at, dot] of dots.entries()) dot.ariaCurrent = at === index ? "true" : null;
  };

  const show = (index: number): void => {
    const count = slides.length;
    const to = ((index % count) + count) % count;
    track.scrollTo({ left: to * width(), behavior: reduced.matches ? "auto" : "smooth" });
    mark(to);
  };

  const schedule = (): void => {
    clearTimeout(timer);
    const turning = playing && !root.matches(":hover, :focus-within") && !document.hidden;
    track.ariaLive = turning ? "off" : "polite";
    if (turning) timer = setTimeout(() => show(current + 1), ROTATE_MS);
  };

  const setPlaying = (on: boolean): void => {
    playing = on;
    root.dataset.state = on ? "playing" : "paused";
    schedule();
  };

  // The slide in view, once a scroll (a swipe, a button, a rotation) has settled: not on every
  // scroll event, which would mark the slides a smooth scroll passes and undo a second press.
  let settle: ReturnType<typeof setTimeout> | undefined;
  const settled = (): void => {
    clearTimeout(settle);
    const index = inView();
    if (index !== current) mark(index);
    schedule();
  };
  track.addEventListener(
    "scroll",
    () => {
      clearTimeout(settle);
      settle = setTimeout(settled, 150);
    },
    { passive: true },
  );
  track.addEventListener("scrollend", settled);

  rotation.addEventListener("click", () => setPlaying(!playing));
  previous.addEventListener("click", () => show(current - 1));
  next.addEventListener("click", () => show(current + 1));
  dots.forEach((dot, index) => {
    dot.addEventListener("click", (event) => {
      event.preventDefault();
      show(index);
    });
  });
  // Focus or the pointer coming or going: asked again a task later, once :hover and
  // :focus-within say where they are.
  for (const type of ["focusin", "focusout", "pointerenter", "pointerleave"]) {
    root.addEventListener(type, () => setTimeout(schedule));
  }
  document.addEventListener("visibilitychange", schedule);
  reduced.addEventListener("change", () => setPlaying(!reduced.matches && playing));
  // A reload keeps a scrolled row where it was; the dots follow it.
  mark(inView());
  setPlaying(playing);
}

for (const root of document.querySelectorAll<HTMLElement>("[data-banners]")) enhance(root);
