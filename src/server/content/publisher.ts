/**
 * What happens when the live site's content changes (something published, a published or
 * scheduled item edited, unpublished or deleted): the site must be rebuilt. Which rebuild
 * depends on where the API runs (see publishers.ts): a build hook URL (Netlify), a background
 * `astro build` with an atomic swap (`npm start`), a content refresh (`astro dev`).
 */
export interface Publisher {
  /** Asks for a rebuild; returns at once. Many calls in a short time make one rebuild. */
  contentChanged(reason: string): void;
}

/** A publisher that does nothing (tests, or nothing configured). */
export const noPublisher: Publisher = { contentChanged() {} };
