import type { BuildStatus } from "../../shared/build-status.ts";

/**
 * What happens when the live site's content changes (something published, a published or
 * scheduled item edited, unpublished or deleted): the site must be rebuilt. Which rebuild
 * depends on where the API runs (see src/server/site/publishers.ts): a build hook URL (Netlify),
 * a background `astro build` with an atomic swap (`npm start`), a content refresh (`astro dev`).
 */
export interface Publisher {
  /** Asks for a rebuild; returns at once. Many calls in a short time make one rebuild. */
  contentChanged(reason: string): void;
  /**
   * How far the rebuilds asked for have got (the back office's build status). A publisher
   * without one has nothing to tell: `{ mode: "none" }`.
   */
  status?(): BuildStatus;
}

/** A publisher that does nothing (tests, or nothing configured). */
export const noPublisher: Publisher = { contentChanged() {} };
