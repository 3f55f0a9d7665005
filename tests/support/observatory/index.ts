// The Mozilla HTTP Observatory's scoring (github.com/mdn/mdn-http-observatory, algorithm
// version 6: src/scanner/index.js, src/grader/charts.js, src/analyzer/cspParser.js and
// src/analyzer/tests/*.js), ported for tests: it reads one response's headers (and its HTML,
// for <meta> policies and Subresource Integrity) and scores them as the Observatory would.
// Rules and modifiers are the Observatory's own; nothing here is invented. What one response
// cannot show is an explicit assumption (`ScanInput`): the site answers over https with a
// valid certificate and redirects http to https on the same host, and is not on the HSTS
// preload list. Cookies are not ported (no response here sets one): a Set-Cookie throws.
//
// One module per family of the Observatory's rules: scores.ts (modifiers and grades), csp.ts
// (policy parsing and its test), headers.ts (the tests of single headers), sri.ts (Subresource
// Integrity) and response.ts (what they read). This file runs them as the scanner does.
import { fromHtml } from "hast-util-from-html";
import { cspTest } from "./csp.ts";
import {
  cookiesTest,
  corpTest,
  corsTest,
  crossOriginPolicyTest,
  hstsTest,
  referrerTest,
  xContentTypeOptionsTest,
  xFrameOptionsTest,
} from "./headers.ts";
import { type Outcome, parseHttpEquiv, type Response } from "./response.ts";
import { gradeFor, MINIMUM_SCORE_FOR_EXTRA_CREDIT, SCORE_TABLE } from "./scores.ts";
import { sriTest } from "./sri.ts";

export { parseCsp } from "./csp.ts";
export { gradeFor, MINIMUM_SCORE_FOR_EXTRA_CREDIT, SCORE_TABLE } from "./scores.ts";

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
  const outcomes: Array<[string, Outcome]> = [
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
