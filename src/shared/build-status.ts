// What `GET /api/admin/site/build` answers: how the live site catches up with content changes
// made through the API, and the last few builds this server knows of. The server keeps it
// (src/server/site/build-log.ts); the back office shows it (src/islands/admin/app/build/).

export const BUILD_STATUS_PATH = "/admin/site/build";

/**
 * How this server gets a change onto the live site:
 * - `rebuild`: `npm start` builds the site itself and serves the new build once it is complete;
 * - `hook`: a build hook (Netlify) is called; the host builds, out of this server's sight;
 * - `refresh`: `astro dev` reloads the content; the next page request shows the change;
 * - `none`: nothing is set up; changes show after the next deploy.
 */
export type BuildMode = "rebuild" | "hook" | "refresh" | "none";

/**
 * - `queued`: asked for, not started (a burst of changes makes one build);
 * - `building`: running; the previous site keeps being served;
 * - `live`: complete and served (or, in `astro dev`, reloaded);
 * - `failed`: the site did not change; `errorLines` says why;
 * - `requested`: the build hook accepted the request; whether and when the host's build goes
 *   live, this server cannot see.
 */
export type BuildState = "queued" | "building" | "live" | "failed" | "requested";

/**
 * A change that reaches the live site, named as the audit log names actions (`<kind>.<verb>`,
 * src/server/logs/audit.ts), so the back office says it in the reader's language with the same
 * words: "articles.publish" is "Articles: published", "文章：发布".
 */
export interface SiteChange {
  action: string;
  /** What it changed, as the owner knows it (a slug, a name); none for the site as a whole. */
  item?: string | undefined;
  /** The item's id, for a link to its editor (database items). */
  id?: string | undefined;
}

/** A change on one line, for a server log: "articles.publish my-slug". */
export const changeLine = (change: SiteChange) =>
  change.item ? `${change.action} ${change.item}` : change.action;

export interface BuildRun {
  /** Increases with each build this server asked for since it started. */
  id: number;
  state: BuildState;
  /** The changes it carries. */
  reasons: SiteChange[];
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The first lines of the error when failed, else empty. */
  errorLines: string[];
  /**
   * Items this build left out: each was changed in a build that failed, and stays off the site
   * until it is changed again. Empty when none.
   */
  leftOut: SiteChange[];
  /** What a build `npm start` ran took, once it is live; null otherwise. */
  work: BuildWork | null;
}

/** A build's cost: its process's CPU time (child processes included) and its pages. */
export interface BuildWork {
  cpuMs: number;
  /** Pages with a key (src/lib/cache-key.ts), and how many of them it rendered, not copied. */
  pagesKeyed: number;
  pagesRendered: number;
}

export interface BuildStatus {
  mode: BuildMode;
  /** Newest first; at most a few. Empty when nothing changed since the server started. */
  runs: BuildRun[];
}

/** Whether a build is still on its way (worth asking again soon). */
export const isPending = (run: BuildRun | undefined) =>
  run?.state === "queued" || run?.state === "building";
