/**
 * The folder of the items written as files, `CONTENT_DIR` (default `content`, relative to the
 * project): where the build's collections (src/content.config.ts) and the API read them.
 */
export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONTENT_DIR || "content";
}
