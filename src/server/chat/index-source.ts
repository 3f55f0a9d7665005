import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { CHAT_INDEX_PATH, type ChatIndexFile } from "../../shared/chat.ts";

// Where the API finds the chat index the build wrote (`/d-chat/passages.json`): `npm start` in
// the build it serves (a rebuild swaps it with the site), the Netlify function in the copy
// bundled with it, `astro dev` from its own dev server, which renders the endpoint on request.

/** The index as it is now; null when there is none (a site built before the chat existed). */
export type ChatIndexSource = (request: Request) => Promise<ChatIndexFile | null>;

function isIndexFile(value: unknown): value is ChatIndexFile {
  return (
    typeof value === "object" &&
    value !== null &&
    "version" in value &&
    value.version === 1 &&
    "passages" in value &&
    Array.isArray(value.passages)
  );
}

/**
 * The index in the file at `pathOf()` (a function: the served build changes), read again only
 * when the file changed.
 */
export function fileChatIndex(pathOf: () => string): ChatIndexSource {
  let kept: { path: string; mtimeMs: number; index: ChatIndexFile | null } | undefined;
  return async () => {
    const path = pathOf();
    const mtimeMs = await stat(path).then(
      (s) => s.mtimeMs,
      () => -1,
    );
    if (kept?.path === path && kept.mtimeMs === mtimeMs) return kept.index;
    let index: ChatIndexFile | null = null;
    if (mtimeMs >= 0) {
      const parsed: unknown = JSON.parse(await readFile(path, "utf8"));
      index = isIndexFile(parsed) ? parsed : null;
    }
    kept = { path, mtimeMs, index };
    return index;
  };
}

/** The index of the built site in `siteDir()`. */
export const builtSiteChatIndex = (siteDir: () => string): ChatIndexSource =>
  fileChatIndex(() => join(siteDir(), CHAT_INDEX_PATH));

/**
 * The index `astro dev` renders at the request's own origin, asked again at most every few
 * seconds (a content change shows in the next question after that).
 */
export function devChatIndex(freshMs = 5000): ChatIndexSource {
  let kept: { at: number; index: Promise<ChatIndexFile | null> } | undefined;
  return (request) => {
    if (kept && Date.now() - kept.at < freshMs) return kept.index;
    const index = fetch(new URL(CHAT_INDEX_PATH, request.url))
      .then(async (res) => {
        const body: unknown = res.ok ? await res.json() : null;
        return isIndexFile(body) ? body : null;
      })
      .catch(() => null);
    kept = { at: Date.now(), index };
    return index;
  };
}
