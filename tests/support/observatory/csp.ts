// cspParser.js and tests/csp.js of the Mozilla HTTP Observatory: a policy's parsing (several
// policies intersect) and its result.
import { CSP, headerList, type Outcome, type Response } from "./response.ts";

// cspParser.js --------------------------------------------------------------------------------

const SHORTEST_DIRECTIVE_LENGTH = "img-src".length - 1;
const DIRECTIVES_DISALLOWED_IN_META = ["frame-ancestors", "report-uri", "sandbox"];
const ALLOWED_DUPLICATE_KEYS = new Set(["report-uri", "report-to"]);
const DUPLICATE_WARNINGS_KEY = "_observatory_duplicate_key_warnings";
const compareString = new Intl.Collator("en").compare;

export type CspMap = Map<string, Set<string>>;

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

export function cspTest(response: Response): Outcome & { data: CspMap | null } {
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
