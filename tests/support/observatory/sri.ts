// tests/subresource-integrity.js of the Mozilla HTTP Observatory: how the page's scripts load.
import {
  attribute,
  elements,
  headerList,
  type Outcome,
  outcome,
  type Response,
} from "./response.ts";

const registrableDomain = (host: string) => host.split(".").slice(-2).join(".");

/** The results of external scripts from the best to the worst: a page gets its worst script's. */
const FROM_BEST = [
  "sri-implemented-and-all-scripts-loaded-securely",
  "sri-implemented-and-external-scripts-loaded-securely",
  "sri-implemented-but-external-scripts-not-loaded-securely",
  "sri-not-implemented-but-external-scripts-loaded-securely",
  "sri-not-implemented-and-external-scripts-not-loaded-securely",
  "sri-not-implemented-response-not-html",
];

const worse = (next: string, old: string | null) =>
  old === null || FROM_BEST.indexOf(next) > FROM_BEST.indexOf(old) ? next : old;

/** subresource-integrity.js (the registrable domain is taken as the last two labels). */
export function sriTest(response: Response): Outcome {
  const mime = (headerList(response.headers, "content-type")[0] ?? "").split(";", 1)[0];
  let result: string | null = null;
  if (mime && mime !== "text/html" && mime !== "application/xhtml+xml") {
    result = "sri-not-implemented-response-not-html";
  } else {
    const scripts = response.html ? [...elements(response.html, "script")] : [];
    let foreign = false;
    for (const script of scripts) {
      const src = attribute(script, "src");
      if (!src) continue;
      const integrity = attribute(script, "integrity") ?? null;
      const relativeProtocol = /^(\/\/)[^/]/.test(src);
      const full = /^https?:\/\//.test(src);
      const relativeOrigin = !relativeProtocol && !full;
      const sameDomain =
        relativeProtocol || relativeOrigin
          ? true
          : registrableDomain(new URL(src).hostname) === registrableDomain(response.url.hostname);
      const secureOrigin = relativeOrigin || (sameDomain && !relativeProtocol);
      if (!secureOrigin) foreign = true;
      const scheme = full ? new URL(src).protocol : null;
      const secureScheme =
        scheme === "https:" || (relativeOrigin && response.url.protocol === "https:");
      if (!secureOrigin) {
        if (integrity && !secureScheme) {
          result = worse("sri-implemented-but-external-scripts-not-loaded-securely", result);
        } else if (!integrity && secureScheme) {
          result = worse("sri-not-implemented-but-external-scripts-loaded-securely", result);
        } else if (!integrity && !secureScheme) {
          result = worse("sri-not-implemented-and-external-scripts-not-loaded-securely", result);
        }
      } else if (integrity && secureScheme && !result) {
        result = "sri-implemented-and-all-scripts-loaded-securely";
      }
    }
    if (scripts.length === 0) result = "sri-not-implemented-but-no-scripts-loaded";
    else
      result ??= foreign
        ? "sri-implemented-and-external-scripts-loaded-securely"
        : "sri-not-implemented-but-all-scripts-loaded-from-secure-origin";
  }
  return outcome(result, [
    "sri-implemented-and-all-scripts-loaded-securely",
    "sri-implemented-and-external-scripts-loaded-securely",
    "sri-not-implemented-response-not-html",
    "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
    "sri-not-implemented-but-no-scripts-loaded",
  ]);
}
