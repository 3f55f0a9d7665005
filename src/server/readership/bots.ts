// User agents that are not readers: crawlers, link previews, audits, headless browsers and
// HTTP libraries. A beacon needs a page's script to run, so most of these never send one; the
// ones that do (search engines that render pages, Lighthouse, headless Chrome) name themselves.

const BOTS = new RegExp(
  [
    "(?<!cu)bot", // …bot, but not Cubot phones
    "crawl",
    "spider",
    "slurp",
    "headless",
    "lighthouse",
    "pagespeed",
    "gtmetrix",
    "pingdom",
    "preview",
    "facebookexternalhit",
    "embedly",
    "curl",
    "wget",
    "python-requests",
    "python-urllib",
    "aiohttp",
    "httpx",
    "go-http-client",
    "okhttp",
    "java/",
    "libwww",
    "node-fetch",
    "undici",
    "axios",
    "phantomjs",
    "selenium",
    "puppeteer",
    "playwright",
  ].join("|"),
  "i",
);

/** Whether a request's user agent is a machine; none at all counts as one. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || BOTS.test(userAgent);
}
