// Readership without cookies: one beacon per page opened (src/server/readership/), sent once
// the page has loaded and the browser is idle, so it never competes with the first paint. Not
// sent when the reader asks not to be tracked (Do Not Track, Global Privacy Control), from an
// automated browser (our own Playwright runs, Lighthouse), or from the back office or a draft
// preview. It carries the path, the referrer (the server keeps only another site's host), the
// interface language (`<html lang>`, as the head script set it) and the viewport's width.

import { BEACON_LIMITS, isCountedPath } from "../shared/readership-rules.ts";

// Global Privacy Control is not in TypeScript's DOM types yet; absent, it reads undefined.
const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
const send = () => {
  const path = location.pathname;
  if (nav.doNotTrack === "1" || nav.globalPrivacyControl === true || nav.webdriver) return;
  if (!isCountedPath(path) || !nav.sendBeacon) return;
  nav.sendBeacon(
    "/api/beacon",
    JSON.stringify({
      p: path.slice(0, BEACON_LIMITS.path),
      r: document.referrer.slice(0, BEACON_LIMITS.referrer),
      l: document.documentElement.dataset.locale,
      w: innerWidth,
    }),
  );
};
const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(send) : setTimeout(send));
if (document.readyState === "complete") idle();
else addEventListener("load", idle, { once: true });
