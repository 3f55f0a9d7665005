// The Mozilla HTTP Observatory's tests of single headers (src/analyzer/tests/*.js): referrer
// policy, HSTS, X-Content-Type-Options, X-Frame-Options, the cross-origin policies, CORS, and
// cookies (not ported: a response setting one throws).
import { cspTest } from "./csp.ts";
import { headerList, type Outcome, outcome, REFERRER_POLICY, type Response } from "./response.ts";

const PRIVATE_REFERRER_POLICIES = [
  "no-referrer",
  "same-origin",
  "strict-origin",
  "strict-origin-when-cross-origin",
];
const UNSAFE_REFERRER_POLICIES = [
  "origin",
  "origin-when-cross-origin",
  "unsafe-url",
  "no-referrer-when-downgrade",
];
const REFERRER_POLICIES = new Set([...PRIVATE_REFERRER_POLICIES, ...UNSAFE_REFERRER_POLICIES]);

export function referrerTest(response: Response): Outcome {
  const values = [
    ...headerList(response.headers, REFERRER_POLICY),
    ...(response.httpEquiv.get(REFERRER_POLICY) ?? []),
  ];
  if (values.length === 0) return { result: "referrer-policy-not-implemented", pass: true };
  const policy =
    values
      .join(", ")
      .split(",")
      .filter((e) => REFERRER_POLICIES.has(e.toLowerCase().trim()))
      .reverse()[0]
      ?.toLowerCase()
      .trim() ?? "";
  const result = PRIVATE_REFERRER_POLICIES.includes(policy)
    ? "referrer-policy-private"
    : UNSAFE_REFERRER_POLICIES.includes(policy)
      ? "referrer-policy-unsafe"
      : "referrer-policy-header-invalid";
  return outcome(result, ["referrer-policy-private"]);
}

/** hsts: the same response stands for the https request (the site answers over https). */
export function hstsTest(response: Response, preloaded: boolean): Outcome {
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
  return outcome(result, ["hsts-implemented-max-age-at-least-six-months", "hsts-preloaded"]);
}

export function xContentTypeOptionsTest(response: Response): Outcome {
  const header = headerList(response.headers, "x-content-type-options")[0];
  if (!header) return { result: "x-content-type-options-not-implemented", pass: false };
  const ok = header.slice(0, 256).trim().toLowerCase() === "nosniff";
  return {
    result: ok ? "x-content-type-options-nosniff" : "x-content-type-options-header-invalid",
    pass: ok,
  };
}

export function xFrameOptionsTest(response: Response): Outcome {
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
  return outcome(result, [
    "x-frame-options-allow-from-origin",
    "x-frame-options-sameorigin-or-deny",
    "x-frame-options-implemented-via-csp",
  ]);
}

// RFC 8941 item (utils.js parseStructuredFieldToken): a bare token, with optional parameters.
const SF_BARE_ITEM = String.raw`(?:[A-Za-z*][!#$%&'*+.^_\`|~0-9A-Za-z:/-]*|"(?:[\x20-\x21\x23-\x5b\x5d-\x7e]|\\[\\"])*"|-?\d{1,15}(?:\.\d{1,3})?|\?[01]|:[A-Za-z0-9+/=]*:)`;
const SF_TOKEN_ITEM = new RegExp(
  String.raw`^ *([A-Za-z*][!#$%&'*+.^_\`|~0-9A-Za-z:/-]*)((?:; *[a-z*][a-z0-9_.*-]*(?:=${SF_BARE_ITEM})?)*) *$`,
);

function structuredFieldToken(value: string): string | null {
  return SF_TOKEN_ITEM.exec(value)?.[1] ?? null;
}

export function crossOriginPolicyTest(
  response: Response,
  header: string,
  prefix: "coop" | "coep",
  values: readonly string[],
): Outcome {
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

export function corpTest(response: Response): Outcome {
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

export function corsTest(headers: Headers): Outcome {
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

export function cookiesTest(response: Response): Outcome {
  if (response.headers.getSetCookie().length > 0) {
    throw new Error("observatory-score: cookies.js is not ported; this response sets a cookie");
  }
  return { result: "cookies-not-found", pass: true };
}
