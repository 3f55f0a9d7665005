/**
 * The content kit's one entry: what the item aggregates (articles, notes, books and chapters,
 * photos and albums, categories) share. Their own services live in their folders; this holds
 * the context, messages and orders, draft links, the preview and the file images.
 */
export { createDraftLink, draftPage } from "./service/draft-links.ts";
export { fileThumbnail } from "./service/file-images.ts";
export { previewMarkdown } from "./service/preview.ts";
export { CONTENT_MESSAGES, type ContentContext, newestFirst } from "./service/shared.ts";
