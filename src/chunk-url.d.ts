// A script file (no import or export), so this declares the module pattern for the whole project.

/** The URL of a module built as a chunk of its own, to load with `import(url)` (astro.config.mjs). */
declare module "*?chunk-url" {
  const url: string;
  export default url;
}
