// The Mozilla HTTP Observatory's scoring (github.com/mdn/mdn-http-observatory, algorithm
// version 6: src/scanner/index.js, src/grader/charts.js, src/analyzer/cspParser.js and
// src/analyzer/tests/*.js), ported for tests: it reads one response's headers (and its HTML,
// for <meta> policies and Subresource Integrity) and scores them as the Observatory would.
// Rules and modifiers are the Observatory's own; nothing here is invented. What one response
// cannot show is an explicit assumption (`ScanInput`): the site answers over https with a
// valid certificate and redirects http to https on the same host, and is not on the HSTS
// preload list. Cookies are not ported (no response here sets one): a Set-Cookie throws.
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";

/** charts.js SCORE_TABLE: each result's modifier to the base score of 100. */
export const SCORE_TABLE: Readonly<Record<string, number>> = {
  "csp-implemented-with-no-unsafe-default-src-none": 10,
  "csp-implemented-with-no-unsafe": 5,
  "csp-implemented-with-unsafe-inline-in-style-src-only": 0,
  "csp-implemented-with-insecure-scheme-in-passive-content-only": -10,
  "csp-implemented-with-unsafe-eval": -10,
  "csp-implemented-with-unsafe-inline": -20,
  "csp-implemented-with-insecure-scheme": -20,
  "csp-header-invalid": -25,
  "csp-not-implemented": -25,
  "csp-not-implemented-but-reporting-enabled": -25,
  "csp-implemented-but-duplicate-directives": 0,
  "cookies-not-found": 0,
  "cross-origin-resource-sharing-not-implemented": 0,
  "cross-origin-resource-sharing-implemented-with-public-access": 0,
  "cross-origin-resource-sharing-implemented-with-restricted-access": 0,
  "cross-origin-resource-sharing-implemented-with-universal-access": -50,
  "redirection-all-redirects-preloaded": 0,
  "redirection-to-https": 0,
  "redirection-not-needed-no-http": 0,
  "redirection-off-host-from-http": -5,
  "redirection-not-to-https-on-initial-redirection": -10,
  "redirection-not-to-https": -20,
  "redirection-missing": -20,
  "redirection-invalid-cert": -20,
  "referrer-policy-private": 5,
  "referrer-policy-not-implemented": 0,
  "referrer-policy-unsafe": -5,
  "referrer-policy-header-invalid": -5,
  "hsts-preloaded": 5,
  "hsts-implemented-max-age-at-least-six-months": 0,
  "hsts-implemented-max-age-less-than-six-months": -10,
  "hsts-not-implemented": -20,
  "hsts-header-invalid": -20,
  "hsts-not-implemented-no-https": -20,
  "hsts-invalid-cert": -20,
  "sri-implemented-and-all-scripts-loaded-securely": 5,
  "sri-implemented-and-external-scripts-loaded-securely": 5,
  "sri-not-implemented-response-not-html": 0,
  "sri-not-implemented-but-no-scripts-loaded": 0,
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin": 0,
  "sri-not-implemented-but-external-scripts-loaded-securely": -5,
  "sri-implemented-but-external-scripts-not-loaded-securely": -20,
  "sri-not-implemented-and-external-scripts-not-loaded-securely": -50,
  "x-content-type-options-nosniff": 0,
  "x-content-type-options-not-implemented": -5,
  "x-content-type-options-header-invalid": -5,
  "x-frame-options-implemented-via-csp": 5,
  "x-frame-options-sameorigin-or-deny": 5,
  "x-frame-options-allow-from-origin": 0,
  "x-frame-options-not-implemented": -20,
  "x-frame-options-header-invalid": -20,
  "corp-header-invalid": -5,
  "corp-implemented-with-cross-origin": 0,
  "corp-implemented-with-same-origin": 10,
  "corp-implemented-with-same-site": 10,
  "corp-not-implemented": 0,
  "coep-implemented-with-require-corp": 10,
  "coep-implemented-with-credentialless": 10,
  "coep-implemented-with-unsafe-none": 0,
  "coep-not-implemented": 0,
  "coep-header-invalid": -5,
  "coop-implemented-with-same-origin": 10,
  "coop-implemented-with-same-origin-allow-popups": 10,
  "coop-implemented-with-noopener-allow-popups": 10,
  "coop-implemented-with-unsafe-none": 0,
  "coop-not-implemented": 0,
  "coop-header-invalid": -5,
  "html-not-parseable": -20,
};

/** charts.js: extra credit (positive modifiers) counts only from an uncurved score of 90. */
export const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;

const GRADES: ReadonlyArray<readonly [number, string]> = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
];

/** grader.js getGradeForScore: scores over 100 are an A+. */
export function gradeFor(score: number): string {
  const key = Math.min(Math.max(score, 0) - (Math.max(score, 0) % 5), 100);
  return GRADES.find(([floor]) => key >= floor)?.[1] ?? "F";
}

export interface ScanInput {
  /** The headers of the final response (the Observatory's `auto` request, after redirects). */
  headers: Headers;
  status?: number;
  /** The response body, read for <meta> policies and Subresource Integrity when it is HTML. */
  body?: string;
  /** The scanned address; https, as the site is deployed. */
  url?: string;
  /** The answer to the Observatory's CORS preflight; by default the same headers. */
  corsHeaders?: Headers;
  /** redirection.js needs the http answer; by default http redirects to https on the same host. */
  redirection?: "redirection-to-https" | "redirection-all-redirects-preloaded";
  /** hsts.js: whether the host is on the HSTS preload list (no by default). */
  hstsPreloaded?: boolean;
}

export interface TestResult {
  name: string;
  result: string;
  pass: boolean;
  modifier: number;
}

export interface Scan {
  score: number;
  grade: string;
  tests: TestResult[];
}

const CSP = "content-security-policy";
const REFERRER_POLICY = "referrer-policy";

interface Response {
  headers: Headers;
  /** <meta http-equiv> values (retriever/utils.js parseHttpEquivHeaders). */
  httpEquiv: Map<string, string[]>;
  url: URL;
  html: Root | null;
}

const headerList = (headers: Headers, name: string): string[] => {
  const value = headers.get(name);
  return value === null ? [] : [value];
};

/** Every element with this tag name, <template> contents included (htmlparser2 sees them too). */
function* elements(node: Root | Element, tag: string): Generator<Element> {
  for (const child of node.children) {
    if (child.type !== "element") continue;
    if (child.tagName === tag) yield child;
    yield* elements(child, tag);
    if (child.content) yield* elements(child.content, tag);
  }
}

const attribute = (element: Element, name: string): string | undefined => {
  const value = element.properties[name];
  if (value === undefined || value === null || value === false) return undefined;
  return Array.isArray(value) ? value.join(" ") : String(value);
};

function parseHttpEquiv(html: Root | null): Map<string, string[]> {
  const equiv = new Map<string, string[]>([[CSP, []]]);
  if (!html) return equiv;
  for (const meta of elements(html, "meta")) {
    const httpEquiv = attribute(meta, "httpEquiv");
    const content = attribute(meta, "content");
    if (httpEquiv !== undefined && content !== undefined) {
      if (content && httpEquiv.toLowerCase().trim() === CSP) equiv.get(CSP)?.push(content);
    } else if (attribute(meta, "name")?.toLowerCase().trim() === "referrer") {
      if (content) equiv.set(REFERRER_POLICY, [content]);
    }
  }
  return equiv;
}

// cspParser.js --------------------------------------------------------------------------------

const SHORTEST_DIRECTIVE_LENGTH = "img-src".length - 1;
const DIRECTIVES_DISALLOWED_IN_META = ["frame-ancestors", "report-uri", "sandbox"];
const ALLOWED_DUPLICATE_KEYS = new Set(["report-uri", "report-to"]);
const DUPLICATE_WARNINGS_KEY = "_observatory_duplicate_key_warnings";
const compareString = new Intl.Collator("en").compare;

type CspMap = Map<string, Set<string>>;

function pathPartMatch(pathA: string, pathB: string): boolean {
  if (pathA.length === 0) return true;
  if (pathA === "/" && pathB.length === 0) return true;
  const exactMatch = !pathA.endsWith("/");
  const listA = pathA.split("/");
  const listB = pathB.split("/");
  if (listA.length > listB.length) return false;
  if (exactMatch && listA.length !== listB.length) return false;
  if (!exactMatch) listA.pop();
  for (const [i, a] of listA.entries()) {
    const b = listB[i];
    if (b === undefined) return false;
    if (decodeURIComponent(a) !== decodeURIComponent(b)) return false;
  }
  return true;
}

/** cspParser.js parseCsp: several policies become their intersection; a repeated directive throws. */
export function parseCsp(cspList: string[]): CspMap {
  const clean = cspList.map((csp) => csp.replaceAll(/[\r\n]/g, "").trim());
  if (clean.length === 0) return new Map();
  for (const csp of clean) {
    if (!csp || csp.length < SHORTEST_DIRECTIVE_LENGTH) throw new Error(`Invalid policy: ${csp}`);
  }
  type Source = { source: string; index: number; keep: boolean };
  const csp = new Map<string, Source[]>();
  const duplicateWarnings = new Set<string>();
  for (const [policyIndex, policy] of clean.entries()) {
    const seen = new Set<string>();
    for (const [directiveEntry, ...valueEntries] of policy
      .split(";")
      .map((entry) => entry.trim().split(/\s+/))) {
      if (!directiveEntry) continue;
      const directive = directiveEntry.toLowerCase();
      if (seen.has(directive)) {
        if (!ALLOWED_DUPLICATE_KEYS.has(directive)) {
          throw new Error(`Duplicate directive ${directive} in policy ${policyIndex}`);
        }
        duplicateWarnings.add(directive);
      } else {
        seen.add(directive);
      }
      const keep = policyIndex === 0;
      const values: Source[] = [];
      if (valueEntries.length > 0) {
        values.push(
          ...valueEntries.map((raw) => ({
            source: raw.trim().toLocaleLowerCase(),
            index: policyIndex,
            keep,
          })),
        );
      } else if (directive.endsWith("-src")) {
        values.push({ source: "'none'", index: policyIndex, keep });
      }
      const combined = policyIndex === 0 ? [...values] : [...(csp.get(directive) ?? []), ...values];
      combined.sort((a, b) => compareString(a.source, b.source));
      for (let index = 1; index < combined.length; index++) {
        const source = combined[index];
        const prev = combined[index - 1];
        if (!source || !prev) continue;
        if (source.index === prev.index && source.source.startsWith(prev.source)) {
          source.keep = false;
        }
        if (source.index !== prev.index && pathPartMatch(prev.source, source.source)) {
          source.keep = true;
        }
      }
      csp.set(
        directive,
        combined.filter((source) => source.keep),
      );
      if (policyIndex === 0 && cspList.length > 1) {
        for (const source of csp.get(directive) ?? []) source.keep = false;
      }
    }
  }
  const final: CspMap = new Map(
    [...csp].map(([directive, sources]) => [
      directive,
      sources.length > 0 ? new Set(sources.map((s) => s.source)) : new Set(["'none'"]),
    ]),
  );
  if (duplicateWarnings.size > 0) final.set(DUPLICATE_WARNINGS_KEY, duplicateWarnings);
  return final;
}

function parseCspMeta(cspList: string[]): CspMap {
  const csp = parseCsp(cspList);
  for (const directive of DIRECTIVES_DISALLOWED_IN_META) csp.delete(directive);
  return csp;
}

// tests/csp.js --------------------------------------------------------------------------------

const DANGEROUSLY_BROAD = new Set([
  "ftp:",
  "http:",
  "https:",
  "*",
  "http://*",
  "http://*.*",
  "https://*",
  "https://*.*",
]);
const DANGEROUSLY_BROAD_AND_UNSAFE_INLINE = new Set([
  ...DANGEROUSLY_BROAD,
  "'unsafe-inline'",
  "data:",
]);
const PASSIVE_DIRECTIVES = new Set(["img-src", "media-src"]);
const NONCES_HASHES = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];

const startsWithNoncesHash = (sources: Iterable<string>) =>
  [...sources].some((source) => NONCES_HASHES.some((prefix) => source.startsWith(prefix)));

function cspTest(response: Response): { result: string; pass: boolean; data: CspMap | null } {
  const split = (values: string[]) => values.flatMap((v) => v.split(",").map((s) => s.trim()));
  const httpPolicies = split(headerList(response.headers, CSP));
  const equivPolicies = split(response.httpEquiv.get(CSP) ?? []);
  let csp: CspMap;
  try {
    csp = parseCsp([...httpPolicies, ...equivPolicies]);
  } catch {
    return { result: "csp-header-invalid", pass: false, data: null };
  }
  let httpOnly: CspMap;
  let meta: CspMap;
  try {
    httpOnly = parseCsp(httpPolicies);
  } catch {
    httpOnly = new Map();
  }
  try {
    meta = parseCspMeta(equivPolicies);
  } catch {
    meta = new Map();
  }
  if (httpOnly.size + meta.size === 0) {
    const reportOnly = response.headers.get("content-security-policy-report-only");
    return {
      result: reportOnly ? "csp-not-implemented-but-reporting-enabled" : "csp-not-implemented",
      pass: false,
      data: null,
    };
  }
  let result: string | null = null;
  // (frame-ancestors, base-uri and form-action feed the Observatory's policy summary only.)
  const objectSrc = csp.get("object-src") ?? csp.get("default-src") ?? new Set(["*"]);
  const scriptSrc = csp.get("script-src") ?? csp.get("default-src") ?? new Set(["*"]);
  const styleSrc = csp.get("style-src") ?? csp.get("default-src") ?? new Set(["*"]);

  for (const list of [scriptSrc, styleSrc]) {
    if (startsWithNoncesHash(list) && list.has("'unsafe-inline'")) list.delete("'unsafe-inline'");
  }
  if (startsWithNoncesHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    for (const source of scriptSrc) {
      if (
        [...DANGEROUSLY_BROAD].some((s) => source.startsWith(s)) ||
        source === "'self'" ||
        source === "'unsafe-inline'"
      ) {
        scriptSrc.delete(source);
      }
    }
  } else if (scriptSrc.has("'strict-dynamic'") && result === null) {
    result = "csp-header-invalid";
  }

  const active = [...csp]
    .filter(([directive]) => !PASSIVE_DIRECTIVES.has(directive) && directive !== "script-src")
    .flatMap(([, sources]) => [...sources]);
  active.push(...scriptSrc);
  const passive = [...PASSIVE_DIRECTIVES].flatMap((directive) => [
    ...(csp.get(directive) ?? csp.get("default-src") ?? new Set<string>()),
  ]);
  const https = response.url.protocol === "https:";
  const insecure = (source: string) => source.startsWith("http:") || source.startsWith("ftp:");

  if (
    [...scriptSrc].some((s) => DANGEROUSLY_BROAD_AND_UNSAFE_INLINE.has(s)) ||
    [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s))
  ) {
    result ??= "csp-implemented-with-unsafe-inline";
  }
  if (https && active.some(insecure)) result ??= "csp-implemented-with-insecure-scheme";
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) {
    result ??= "csp-implemented-with-unsafe-eval";
  }
  if (https && passive.some(insecure)) {
    result ??= "csp-implemented-with-insecure-scheme-in-passive-content-only";
  }
  if ([...styleSrc].some((s) => DANGEROUSLY_BROAD_AND_UNSAFE_INLINE.has(s))) {
    result ??= "csp-implemented-with-unsafe-inline-in-style-src-only";
  }
  const defaultSrc = csp.get("default-src");
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1) {
    result ??= "csp-implemented-with-no-unsafe-default-src-none";
  } else {
    result ??= "csp-implemented-with-no-unsafe";
  }
  const pass = [
    "csp-implemented-with-no-unsafe",
    "csp-implemented-with-no-unsafe-default-src-none",
    "csp-implemented-with-unsafe-inline-in-style-src-only",
    "csp-implemented-with-insecure-scheme-in-passive-content-only",
  ].includes(result);
  if (pass && csp.has(DUPLICATE_WARNINGS_KEY)) result = "csp-implemented-but-duplicate-directives";
  const data: CspMap = new Map([...csp].filter(([key]) => key !== DUPLICATE_WARNINGS_KEY));
  return { result, pass, data };
}

// The other tests -----------------------------------------------------------------------------

function referrerTest(response: Response): { result: string; pass: boolean } {
  const goodness = [
    "no-referrer",
    "same-origin",
    "strict-origin",
    "strict-origin-when-cross-origin",
  ];
  const badness = [
    "origin",
    "origin-when-cross-origin",
    "unsafe-url",
    "no-referrer-when-downgrade",
  ];
  const valid = new Set([...goodness, ...badness]);
  const values = [
    ...headerList(response.headers, REFERRER_POLICY),
    ...(response.httpEquiv.get(REFERRER_POLICY) ?? []),
  ];
  if (values.length === 0) return { result: "referrer-policy-not-implemented", pass: true };
  const policy =
    values
      .join(", ")
      .split(",")
      .filter((e) => valid.has(e.toLowerCase().trim()))
      .reverse()[0]
      ?.toLowerCase()
      .trim() ?? "";
  const result = goodness.includes(policy)
    ? "referrer-policy-private"
    : badness.includes(policy)
      ? "referrer-policy-unsafe"
      : "referrer-policy-header-invalid";
  return { result, pass: result === "referrer-policy-private" };
}

/** hsts: the same response stands for the https request (the site answers over https). */
function hstsTest(response: Response, preloaded: boolean): { result: string; pass: boolean } {
  let result = "hsts-not-implemented";
  if (response.url.protocol !== "https:") {
    result = "hsts-not-implemented-no-https";
  } else {
    const header = headerList(response.headers, "strict-transport-security")[0];
    if (header !== undefined) {
      const data = header.slice(0, 1024);
      let maxAge: number | null = null;
      if (data.includes(",")) {
        result = "hsts-header-invalid";
      } else {
        for (const parameter of data.split(";").map((p) => p.trim().toLowerCase())) {
          if (parameter.startsWith("max-age="))
            maxAge = Number.parseInt(parameter.slice(8, 128), 10);
        }
        if (maxAge === null) result = "hsts-header-invalid";
        else if (maxAge < 15_552_000) result = "hsts-implemented-max-age-less-than-six-months";
        else result = "hsts-implemented-max-age-at-least-six-months";
      }
    }
    if (preloaded) result = "hsts-preloaded";
  }
  return {
    result,
    pass: ["hsts-implemented-max-age-at-least-six-months", "hsts-preloaded"].includes(result),
  };
}

function xContentTypeOptionsTest(response: Response): { result: string; pass: boolean } {
  const header = headerList(response.headers, "x-content-type-options")[0];
  if (!header) return { result: "x-content-type-options-not-implemented", pass: false };
  const ok = header.slice(0, 256).trim().toLowerCase() === "nosniff";
  return {
    result: ok ? "x-content-type-options-nosniff" : "x-content-type-options-header-invalid",
    pass: ok,
  };
}

function xFrameOptionsTest(response: Response): { result: string; pass: boolean } {
  const header = headerList(response.headers, "x-frame-options")[0];
  let result = "x-frame-options-not-implemented";
  if (header) {
    const xfo = header.slice(0, 1024).trim().toLowerCase();
    if (xfo === "deny" || xfo === "sameorigin") result = "x-frame-options-sameorigin-or-deny";
    else if (xfo.startsWith("allow-from")) result = "x-frame-options-allow-from-origin";
    else result = "x-frame-options-header-invalid";
  }
  if (cspTest(response).data?.has("frame-ancestors"))
    result = "x-frame-options-implemented-via-csp";
  return {
    result,
    pass: [
      "x-frame-options-allow-from-origin",
      "x-frame-options-sameorigin-or-deny",
      "x-frame-options-implemented-via-csp",
    ].includes(result),
  };
}

// RFC 8941 item (utils.js parseStructuredFieldToken): a bare token, with optional parameters.
const SF_BARE_ITEM = String.raw`(?:[A-Za-z*][!#$%&'*+.^_\`|~0-9A-Za-z:/-]*|"(?:[\x20-\x21\x23-\x5b\x5d-\x7e]|\\[\\"])*"|-?\d{1,15}(?:\.\d{1,3})?|\?[01]|:[A-Za-z0-9+/=]*:)`;
const SF_TOKEN_ITEM = new RegExp(
  String.raw`^ *([A-Za-z*][!#$%&'*+.^_\`|~0-9A-Za-z:/-]*)((?:; *[a-z*][a-z0-9_.*-]*(?:=${SF_BARE_ITEM})?)*) *$`,
);

function structuredFieldToken(value: string): string | null {
  return SF_TOKEN_ITEM.exec(value)?.[1] ?? null;
}

function crossOriginPolicyTest(
  response: Response,
  header: string,
  prefix: "coop" | "coep",
  values: readonly string[],
): { result: string; pass: boolean } {
  // A header sent twice arrives joined with ", ", which no structured field item parses: the
  // Observatory's "more than one header" case gives the same result.
  const value = headerList(response.headers, header)[0];
  let result = `${prefix}-not-implemented`;
  if (value) {
    const policy = structuredFieldToken(value.slice(0, 1024).trim());
    result =
      policy !== null && values.includes(policy)
        ? `${prefix}-implemented-with-${policy}`
        : `${prefix}-header-invalid`;
  }
  return { result, pass: result !== `${prefix}-header-invalid` };
}

function corpTest(response: Response): { result: string; pass: boolean } {
  const header = headerList(response.headers, "cross-origin-resource-policy").join(", ");
  let result = "corp-not-implemented";
  if (header) {
    const corp = header.slice(0, 256).trim().toLowerCase();
    result =
      corp === "same-site" || corp === "same-origin" || corp === "cross-origin"
        ? `corp-implemented-with-${corp}`
        : "corp-header-invalid";
  }
  return { result, pass: result !== "corp-header-invalid" };
}

const OBSERVATORY_ORIGIN = "https://http-observatory.security.mozilla.org";

function corsTest(headers: Headers): { result: string; pass: boolean } {
  const acao = headerList(headers, "access-control-allow-origin")[0];
  if (!acao) return { result: "cross-origin-resource-sharing-not-implemented", pass: true };
  const data = acao.slice(0, 256).trim().toLowerCase();
  // The preflight's Origin is the Observatory's own (config.js corsOrigin); a server echoing it
  // with credentials gives universal access.
  const credentials = headerList(headers, "access-control-allow-credentials")[0];
  const echoes = acao === OBSERVATORY_ORIGIN;
  const result =
    data === "*"
      ? "cross-origin-resource-sharing-implemented-with-public-access"
      : echoes && credentials?.toLowerCase().trim() === "true"
        ? "cross-origin-resource-sharing-implemented-with-universal-access"
        : "cross-origin-resource-sharing-implemented-with-restricted-access";
  return { result, pass: !result.endsWith("universal-access") };
}

function cookiesTest(response: Response): { result: string; pass: boolean } {
  if (response.headers.getSetCookie().length > 0) {
    throw new Error("observatory-score: cookies.js is not ported; this response sets a cookie");
  }
  return { result: "cookies-not-found", pass: true };
}

const registrableDomain = (host: string) => host.split(".").slice(-2).join(".");

/** subresource-integrity.js (the registrable domain is taken as the last two labels). */
function sriTest(response: Response): { result: string; pass: boolean } {
  const goodness = [
    "sri-implemented-and-all-scripts-loaded-securely",
    "sri-implemented-and-external-scripts-loaded-securely",
    "sri-implemented-but-external-scripts-not-loaded-securely",
    "sri-not-implemented-but-external-scripts-loaded-securely",
    "sri-not-implemented-and-external-scripts-not-loaded-securely",
    "sri-not-implemented-response-not-html",
  ];
  const worse = (next: string, old: string | null) =>
    old === null || goodness.indexOf(next) > goodness.indexOf(old) ? next : old;
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
  return {
    result,
    pass: [
      "sri-implemented-and-all-scripts-loaded-securely",
      "sri-implemented-and-external-scripts-loaded-securely",
      "sri-not-implemented-response-not-html",
      "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
      "sri-not-implemented-but-no-scripts-loaded",
    ].includes(result),
  };
}

/** scanner/index.js analyzeScan: every test, the score with extra credit only from 90, the grade. */
export function observatoryScan(input: ScanInput): Scan {
  const status = input.status ?? 200;
  if (status < 200 || (status >= 400 && status !== 401 && status !== 403)) {
    throw new Error(`Site did respond with an unexpected HTTP status code ${status}.`);
  }
  const mime = (input.headers.get("content-type") ?? "").split(";", 1)[0];
  const isHtml = mime === "text/html" || mime === "application/xhtml+xml";
  const html = isHtml && input.body ? fromHtml(input.body) : null;
  const response: Response = {
    headers: input.headers,
    httpEquiv: parseHttpEquiv(html),
    url: new URL(input.url ?? "https://example.org/"),
    html,
  };
  const redirection = input.redirection ?? "redirection-to-https";
  const outcomes: Array<[string, { result: string; pass: boolean }]> = [
    ["content-security-policy", cspTest(response)],
    ["cookies", cookiesTest(response)],
    [
      "cross-origin-embedder-policy",
      crossOriginPolicyTest(response, "cross-origin-embedder-policy", "coep", [
        "require-corp",
        "credentialless",
        "unsafe-none",
      ]),
    ],
    [
      "cross-origin-opener-policy",
      crossOriginPolicyTest(response, "cross-origin-opener-policy", "coop", [
        "same-origin",
        "same-origin-allow-popups",
        "noopener-allow-popups",
        "unsafe-none",
      ]),
    ],
    ["cross-origin-resource-sharing", corsTest(input.corsHeaders ?? input.headers)],
    ["redirection", { result: redirection, pass: true }],
    ["referrer-policy", referrerTest(response)],
    ["strict-transport-security", hstsTest(response, input.hstsPreloaded ?? false)],
    ["subresource-integrity", sriTest(response)],
    ["x-content-type-options", xContentTypeOptionsTest(response)],
    ["x-frame-options", xFrameOptionsTest(response)],
    ["cross-origin-resource-policy", corpTest(response)],
  ];
  let withExtraCredit = 100;
  let uncurved = 100;
  const tests = outcomes.map(([name, { result, pass }]) => {
    const modifier = SCORE_TABLE[result];
    if (modifier === undefined) throw new Error(`No score for ${result}`);
    withExtraCredit += modifier;
    if (modifier < 0) uncurved += modifier;
    return { name, result, pass, modifier };
  });
  const score = uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved;
  return { score: Math.max(score, 0), grade: gradeFor(score), tests };
}
