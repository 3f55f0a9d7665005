// Keeps Astro's build cache (its `cacheDir`) from one Netlify build to the next, in Netlify's
// build cache. The cache holds the pages of the last build with their keys
// (`experimental.incrementalBuild`) and the images already drawn: a deploy after one change
// renders that change, not the whole site. `npm run smoke:netlify` builds twice and counts.

/** Astro's default `cacheDir`; netlify.toml sets no other. */
const CACHE_DIR = "node_modules/.astro";

export const onPreBuild = async ({ utils }) => {
  const restored = await utils.cache.restore(CACHE_DIR);
  console.log(
    restored
      ? "astro-cache: the last build's cache restored"
      : "astro-cache: no cache from a last build (every page renders)",
  );
};

export const onPostBuild = async ({ utils }) => {
  await utils.cache.save(CACHE_DIR);
  console.log("astro-cache: this build's cache saved for the next");
};
