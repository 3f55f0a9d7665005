// What tests/ci/netlify-smoke.ts decides, apart from the processes it runs: which headers and
// redirects netlify.toml and the build's `_headers`/`_redirects` promise for a path, which
// built path to ask for each rule, what Netlify Build's log says it took, and the report the
// CI summary reads. Netlify's path patterns and `_headers` syntax are the ones `npm start`
// already follows (src/lib/security-headers.ts), so both hosts are held to one reading.
import { parse } from "smol-toml";
import { z } from "zod";
import { parseRedirectsFile as parseSiteRedirects } from "../../src/lib/redirects-file.ts";
import { type HeaderRule, pathPattern } from "../../src/lib/security-headers.ts";

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

const tomlSchema = z.looseObject({
  headers: z
    .array(z.looseObject({ for: z.string(), values: z.record(z.string(), z.unknown()) }))
    .default([]),
  redirects: z
    .array(
      z.looseObject({
        from: z.string(),
        to: z.string(),
        status: z.number().int().default(301),
        force: z.boolean().default(false),
      }),
    )
    .default([]),
});

/** The `[[headers]]` and `[[redirects]]` tables of a netlify.toml. */
export function rulesFromToml(text: string): { headers: HeaderRule[]; redirects: RedirectRule[] } {
  const config = tomlSchema.parse(parse(text));
  return {
    headers: config.headers.map((rule) => ({
      for: rule.for,
      values: Object.fromEntries(Object.entries(rule.values).map(([k, v]) => [k, String(v)])),
    })),
    redirects: config.redirects.map(({ from, to, status, force }) => ({ from, to, status, force })),
  };
}

/**
 * A `_redirects` file's rules, read as npm start reads them (src/lib/redirects-file.ts), with
 * a rule's query conditions written as the query of its `from`; a line it would misread
 * (conditions other than a query, a relative path) is refused.
 */
export function parseRedirectsFile(text: string): RedirectRule[] {
  return parseSiteRedirects(text).map(({ path, query, to, status, force }) => {
    const search = new URLSearchParams(query).toString();
    return { from: search ? `${path}?${search}` : path, to, status, force };
  });
}

/** A site path for every file of a build (`a/index.html` also as `/a/`), sorted. */
export function builtPaths(files: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const file of files) {
    const path = `/${file.split("\\").join("/")}`;
    paths.add(path);
    if (path.endsWith("/index.html")) paths.add(path.slice(0, -"index.html".length));
  }
  return [...paths].sort();
}

/**
 * The path to ask for a header rule: `/` for a rule on every path, else the first built path
 * the pattern matches (a file the rule is there for); null when nothing built matches, which
 * is a rule for nothing.
 */
export function samplePathFor(pattern: string, paths: readonly string[]): string | null {
  const matcher = pathPattern(pattern);
  if (matcher.test("/") && paths.includes("/")) return "/";
  return paths.find((path) => matcher.test(path)) ?? null;
}

/** Each promised header the answer lacks or carries with another value: `name: served ≠ wanted`. */
export function headerMismatches(expected: Record<string, string>, served: Headers): string[] {
  return Object.entries(expected).flatMap(([name, value]) => {
    const got = served.get(name);
    if (got === value) return [];
    const show = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}…` : s);
    return [`${name}: ${got === null ? "missing" : `"${show(got)}"`} instead of "${show(value)}"`];
  });
}

/**
 * A request that exercises a redirect rule: its `from` with each `:name` and `*` filled in, and
 * the address it must lead to (its `to` with the same values, `:splat` for the `*`).
 */
export function sampleRedirect(rule: RedirectRule): { path: string; location: string } {
  const values = new Map<string, string>();
  const path = rule.from
    .split("/")
    .map((part) => {
      if (part === "*") {
        values.set("splat", "netlify-smoke/a");
        return "netlify-smoke/a";
      }
      if (part.startsWith(":")) {
        values.set(part.slice(1), "netlify-smoke");
        return "netlify-smoke";
      }
      return part;
    })
    .join("/");
  const to = rule.to.replace(/:([A-Za-z_]\w*)/g, (all, name: string) => {
    return values.get(name) ?? all;
  });
  // Netlify passes the request's query on to the new address (a rule's own query included).
  const query = path.includes("?") ? path.slice(path.indexOf("?")) : "";
  return { path, location: `${to}${query}` };
}

/** Netlify Build's closing line, `(Netlify Build completed in 1m 10.1s)`, in milliseconds. */
export function buildDurationMs(log: string): number | null {
  const match = /\(Netlify Build completed in ((?:\d+h )?(?:\d+m )?[\d.]+(?:ms|s))\)/.exec(log);
  if (!match?.[1]) return null;
  let ms = 0;
  for (const [, amount, unit] of match[1].matchAll(/([\d.]+)(h|ms|m|s)/g)) {
    const n = Number(amount);
    ms += unit === "h" ? n * 3_600_000 : unit === "m" ? n * 60_000 : unit === "s" ? n * 1000 : n;
  }
  return Math.round(ms);
}

/** The statuses the CLI's runtime logged for `method path`, in order (`Response with status N`). */
export function loggedStatuses(log: string, method: string, path: string): number[] {
  const statuses: number[] = [];
  const lines = log.split("\n");
  for (const [index, line] of lines.entries()) {
    if (!line.includes("Request from ") || !line.trimEnd().endsWith(`: ${method} ${path}`))
      continue;
    // Its answer's line follows, after whatever the function printed (an error's stack).
    for (const next of lines.slice(index + 1)) {
      if (next.includes("Request from ")) break;
      const status = /Response with status (\d{3})/.exec(next);
      if (status) {
        statuses.push(Number(status[1]));
        break;
      }
    }
  }
  return statuses;
}

/** One check of the run: its name, whether it held, and what was seen when it did not. */
export interface Check {
  name: string;
  ok: boolean;
  detail?: string;
}

/** What `--report` writes and tests/ci/ci-summary.ts reads. */
export interface SmokeReport {
  checks: Check[];
  measures: Record<string, number | string>;
}

/** The middle value (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
