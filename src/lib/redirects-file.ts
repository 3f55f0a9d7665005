// The build's `_redirects` file: the old addresses of imported items, each leading to its page
// with a 301. Netlify applies it; `npm start` reads it back with `parseRedirectsFile`, keeps
// the rules by path (`redirectTable`) and answers by `redirectFor`, the way Netlify does for a
// path no file answers.
//
// One rule a line: `from [name=value …] to status[!]`. `from` is a path; the `name=value`
// pairs are query parameters the request must carry (WordPress's `/?p=12`).

export const REDIRECTS_FILE = "_redirects";

export interface Redirect {
  /** An old address: a path, and the query it had (`/?p=12`), percent-encoded. */
  from: string;
  /** The site path it now answers at. */
  to: string;
}

export interface RedirectRule {
  path: string;
  /** Query parameters the request must carry, each with this value. */
  query: Record<string, string>;
  to: string;
  status: number;
  /** `!`: applied even when a file answers the path (Netlify's "force"). */
  force: boolean;
}

/** An address as one form: its path and query percent-encoded as a browser sends them. */
export function normalAddress(address: string): string | null {
  try {
    const url = new URL(address, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return null;
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

/** The file's text for `redirects`; an address that cannot be written on one line is left out. */
export function formatRedirectsFile(redirects: readonly Redirect[]): string {
  const lines = ["# The old addresses of imported items (written by the build from the database)."];
  for (const { from, to } of redirects) {
    const address = normalAddress(from);
    const target = normalAddress(to);
    if (!address || !target) continue;
    const url = new URL(address, "http://site.invalid");
    const query = [...url.searchParams].map(
      ([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    );
    // A path with a query is a file's too (`/` is the home page): such a rule is forced, as
    // it applies only when the query is there.
    lines.push([url.pathname, ...query, target, query.length > 0 ? "301!" : "301"].join(" "));
  }
  return `${lines.join("\n")}\n`;
}

/** The rules of a `_redirects` file; a line that is no rule throws, naming it. */
export function parseRedirectsFile(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const [index, raw] of text.split("\n").entries()) {
    const comment = raw.indexOf("#");
    const words = (comment >= 0 ? raw.slice(0, comment) : raw).split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    const [path = "", ...rest] = words;
    const query: Record<string, string> = {};
    while (rest[0]?.includes("=") && !rest[0].startsWith("/")) {
      const pair = rest.shift() ?? "";
      const at = pair.indexOf("=");
      query[decodeURIComponent(pair.slice(0, at))] = decodeURIComponent(pair.slice(at + 1));
    }
    const [to, code = "301", ...extra] = rest;
    const force = code.endsWith("!");
    const status = Number(force ? code.slice(0, -1) : code);
    if (!path.startsWith("/") || !to || !Number.isInteger(status) || extra.length > 0) {
      throw new Error(
        `${REDIRECTS_FILE} line ${index + 1} is not "from [name=value] to [status][!]": ${raw}`,
      );
    }
    rules.push({ path, query, to, status, force });
  }
  return rules;
}

/** The rules by their path without its trailing slash: a request finds its own in one look. */
export type RedirectTable = ReadonlyMap<string, readonly RedirectRule[]>;

/** A path with its trailing slash or without: both name the same page, on Netlify as here. */
const pathKey = (path: string) => path.replace(/\/+$/, "");

/** The rules of a file by path, each path's in the file's order. */
export function redirectTable(rules: readonly RedirectRule[]): RedirectTable {
  const table = new Map<string, RedirectRule[]>();
  for (const rule of rules) {
    const key = pathKey(rule.path);
    const same = table.get(key);
    if (same) same.push(rule);
    else table.set(key, [rule]);
  }
  return table;
}

/**
 * The rule for a request (its path, percent-encoded, and query), or null: the first rule whose
 * path is the request's and whose query parameters it all carries.
 */
export function redirectFor(
  table: RedirectTable,
  path: string,
  search: URLSearchParams,
): RedirectRule | null {
  return (
    table
      .get(pathKey(path))
      ?.find((rule) =>
        Object.entries(rule.query).every(([name, value]) => search.get(name) === value),
      ) ?? null
  );
}
