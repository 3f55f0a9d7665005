import { describe, expect, it } from "vitest";
import { gradeFor, observatoryScan, parseCsp, type Scan } from "./index.ts";

/** A response carrying the headers every test passes, plus (or minus: undefined) some. */
function scan(extra: Record<string, string | undefined> = {}, body?: string): Scan {
  const base: Record<string, string | undefined> = {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
    "Strict-Transport-Security": "max-age=31536000",
    "X-Content-Type-Options": "nosniff",
    ...extra,
  };
  const headers = new Headers();
  for (const [name, value] of Object.entries(base))
    if (value !== undefined) headers.set(name, value);
  return observatoryScan({ headers, ...(body === undefined ? {} : { body }) });
}

const result = (s: Scan, name: string) => s.tests.find((t) => t.name === name)?.result;
const csp = (policy: string | undefined) =>
  result(scan({ "Content-Security-Policy": policy }), "content-security-policy");

describe("the Observatory's grade chart", () => {
  it("rounds down to a multiple of 5 and caps at A+", () => {
    expect(
      [120, 100, 95, 90, 89, 85, 80, 75, 60, 50, 45, 40, 30, 25, 24, 0, -10].map(gradeFor),
    ).toEqual([
      "A+",
      "A+",
      "A",
      "A",
      "A-",
      "A-",
      "B+",
      "B",
      "C+",
      "C",
      "C-",
      "D+",
      "D",
      "D-",
      "F",
      "F",
      "F",
    ]);
  });
});

describe("the Observatory's CSP test", () => {
  it("tells a missing, report-only or broken policy", () => {
    expect(csp(undefined)).toBe("csp-not-implemented");
    expect(
      result(
        scan({
          "Content-Security-Policy": undefined,
          "Content-Security-Policy-Report-Only": "default-src 'none'",
        }),
        "content-security-policy",
      ),
    ).toBe("csp-not-implemented-but-reporting-enabled");
    expect(csp("img-src 'self'; img-src 'none'")).toBe("csp-header-invalid");
    expect(csp("abc")).toBe("csp-header-invalid");
    expect(csp("default-src 'self'; script-src 'strict-dynamic'")).toBe("csp-header-invalid");
  });

  it("penalises inline script, broad script or object sources, eval and plain http", () => {
    expect(csp("default-src 'self'; script-src 'self' 'unsafe-inline'")).toBe(
      "csp-implemented-with-unsafe-inline",
    );
    expect(csp("default-src 'self'; script-src https:")).toBe("csp-implemented-with-unsafe-inline");
    expect(csp("default-src 'self'; object-src *")).toBe("csp-implemented-with-unsafe-inline");
    // Nothing restricts scripts at all.
    expect(csp("upgrade-insecure-requests")).toBe("csp-implemented-with-unsafe-inline");
    expect(csp("default-src 'self'; script-src 'self' 'unsafe-eval'")).toBe(
      "csp-implemented-with-unsafe-eval",
    );
    expect(csp("default-src 'self'; connect-src http://example.com")).toBe(
      "csp-implemented-with-insecure-scheme",
    );
    expect(csp("default-src 'self'; img-src http:")).toBe(
      "csp-implemented-with-insecure-scheme-in-passive-content-only",
    );
  });

  it("reads style-src (or default-src) for styles, never style-src-attr", () => {
    expect(csp("default-src 'self'; style-src 'self' 'unsafe-inline'")).toBe(
      "csp-implemented-with-unsafe-inline-in-style-src-only",
    );
    expect(csp("default-src 'self'; style-src-attr 'unsafe-inline'")).toBe(
      "csp-implemented-with-no-unsafe",
    );
  });

  it("accepts hashes, 'wasm-unsafe-eval' and https: images", () => {
    expect(
      csp("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-AAAA'; img-src https:"),
    ).toBe("csp-implemented-with-no-unsafe");
    // 'unsafe-inline' is ignored next to a hash, as browsers do.
    expect(csp("default-src 'self'; script-src 'sha256-AAAA' 'unsafe-inline'")).toBe(
      "csp-implemented-with-no-unsafe",
    );
    expect(csp("default-src 'none'")).toBe("csp-implemented-with-no-unsafe-default-src-none");
  });

  it("intersects several policies and reads <meta http-equiv> ones", () => {
    const both = parseCsp(["default-src 'self' https://a.example", "default-src 'self'"]);
    expect([...(both.get("default-src") ?? [])]).toEqual(["'self'"]);
    const page =
      '<html><head><meta http-equiv="Content-Security-Policy" content="default-src \'none\'"></head></html>';
    const metaOnly = scan({ "Content-Security-Policy": undefined }, page);
    expect(result(metaOnly, "content-security-policy")).toBe(
      "csp-implemented-with-no-unsafe-default-src-none",
    );
  });
});

describe("the Observatory's other header tests", () => {
  it("X-Frame-Options counts from frame-ancestors or the header itself", () => {
    expect(result(scan(), "x-frame-options")).toBe("x-frame-options-implemented-via-csp");
    const noAncestors = { "Content-Security-Policy": "default-src 'self'" };
    expect(result(scan({ ...noAncestors, "X-Frame-Options": "DENY" }), "x-frame-options")).toBe(
      "x-frame-options-sameorigin-or-deny",
    );
    expect(result(scan(noAncestors), "x-frame-options")).toBe("x-frame-options-not-implemented");
  });

  it("HSTS wants six months, once", () => {
    expect(result(scan(), "strict-transport-security")).toBe(
      "hsts-implemented-max-age-at-least-six-months",
    );
    expect(
      result(scan({ "Strict-Transport-Security": "max-age=86400" }), "strict-transport-security"),
    ).toBe("hsts-implemented-max-age-less-than-six-months");
    expect(
      result(
        scan({ "Strict-Transport-Security": "max-age=31536000, max-age=31536000" }),
        "strict-transport-security",
      ),
    ).toBe("hsts-header-invalid");
    expect(
      result(scan({ "Strict-Transport-Security": undefined }), "strict-transport-security"),
    ).toBe("hsts-not-implemented");
  });

  it("Referrer-Policy: the last known value wins, a <meta name=referrer> after the header", () => {
    expect(
      result(scan({ "Referrer-Policy": "strict-origin-when-cross-origin" }), "referrer-policy"),
    ).toBe("referrer-policy-private");
    expect(result(scan({ "Referrer-Policy": "unsafe-url" }), "referrer-policy")).toBe(
      "referrer-policy-unsafe",
    );
    const meta = '<html><head><meta name="referrer" content="no-referrer"></head></html>';
    expect(result(scan({ "Referrer-Policy": "unsafe-url" }, meta), "referrer-policy")).toBe(
      "referrer-policy-private",
    );
  });

  it("COOP, COEP and CORP", () => {
    const s = scan({
      "Cross-Origin-Opener-Policy": "same-origin",
      "Cross-Origin-Embedder-Policy": 'require-corp; report-to="e"',
      "Cross-Origin-Resource-Policy": "same-site",
    });
    expect(result(s, "cross-origin-opener-policy")).toBe("coop-implemented-with-same-origin");
    expect(result(s, "cross-origin-embedder-policy")).toBe("coep-implemented-with-require-corp");
    expect(result(s, "cross-origin-resource-policy")).toBe("corp-implemented-with-same-site");
    const twice = scan({ "Cross-Origin-Opener-Policy": "same-origin, same-origin" });
    expect(result(twice, "cross-origin-opener-policy")).toBe("coop-header-invalid");
    expect(
      result(scan({ "Cross-Origin-Opener-Policy": '"same-origin"' }), "cross-origin-opener-policy"),
    ).toBe("coop-header-invalid");
  });

  it("Subresource Integrity: own scripts over https are fine, foreign ones without it are not", () => {
    const own = '<html><script src="/_astro/a.js"></script><script>1</script></html>';
    expect(result(scan({}, own), "subresource-integrity")).toBe(
      "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
    );
    const foreign = '<html><script src="https://cdn.example.net/a.js"></script></html>';
    expect(result(scan({}, foreign), "subresource-integrity")).toBe(
      "sri-not-implemented-but-external-scripts-loaded-securely",
    );
    const json = observatoryScan({
      headers: new Headers({ "content-type": "application/json" }),
    });
    expect(result(json, "subresource-integrity")).toBe("sri-not-implemented-response-not-html");
  });
});

describe("the Observatory's score", () => {
  it("gives extra credit only when the score without it is at least 90", () => {
    const full = {
      "Referrer-Policy": "no-referrer",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Cross-Origin-Resource-Policy": "same-origin",
    };
    // 100 + 5 (CSP) + 5 (referrer) + 5 (frame-ancestors) + 10 (COOP) + 10 (CORP)
    expect(scan(full).score).toBe(135);
    // Without CSP: 100 − 25 = 75 < 90, so none of the +30 counts (and framing then costs 20).
    expect(scan({ ...full, "Content-Security-Policy": undefined }).score).toBe(55);
    // Without HSTS: 100 − 20 = 80 < 90.
    expect(scan({ ...full, "Strict-Transport-Security": undefined }).score).toBe(80);
  });

  it("refuses what the Observatory refuses", () => {
    expect(() => observatoryScan({ headers: new Headers(), status: 404 })).toThrow(
      /status code 404/,
    );
    expect(() => observatoryScan({ headers: new Headers({ "set-cookie": "a=b" }) })).toThrow(
      /cookies/,
    );
  });
});
