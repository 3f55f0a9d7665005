import { savedMessageIn } from "../app/content/editor-save.ts";

// The article editor's requests are every content editor's (`app/content/editor-save.ts`); its own is
// the line that says what a save did.

export { createRequest, publishRequest, updateRequest } from "../app/content/editor-save.ts";

/** What the status line says once an article is saved (`{{time}}` is its publish time). */
export const savedMessage = savedMessageIn("bmsArticles");
