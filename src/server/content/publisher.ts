import type { BuildStatus, SiteChange } from "../../shared/build-status.ts";

/**
 * What happens when the live site's content changes (something published, a published item
 * edited, unpublished or deleted, a scheduled one falling due): the site must be rebuilt. An
 * item scheduled for later changes nothing public until its time: only the timer hears of it. Which rebuild
 * depends on where the API runs (see src/server/site/publishers.ts): a build hook URL (Netlify),
 * a background `astro build` with an atomic swap (`npm start`), a content refresh (`astro dev`).
 */
export interface Publisher {
  /** Asks for a rebuild; returns at once. Many calls in a short time make one rebuild. */
  contentChanged(change: SiteChange): void;
  /** A scheduled time was set, moved or removed: nothing public changed yet (the timer re-reads). */
  scheduleChanged?(): void;
  /**
   * How far the rebuilds asked for have got (the back office's build status). A publisher
   * without one has nothing to tell: `{ mode: "none" }`.
   */
  status?(): BuildStatus;
}

/** A publisher that does nothing (tests, or nothing configured). */
export const noPublisher: Publisher = { contentChanged() {} };
