/**
 * The back office's content service, one module per kind under service/: articles, notes,
 * books and photos share one flow (service/items.ts), chapters, categories and albums have
 * their own rules, and service/shared.ts holds the context, errors and merged lists they all
 * use. This is its one entry: the routes and tests import the service from here.
 */
export {
  createAlbum,
  deleteAlbum,
  listAlbumPage,
  updateAlbum,
} from "./service/albums.ts";
export { articles } from "./service/articles.ts";
export { books } from "./service/books.ts";
export {
  createCategory,
  deleteCategory,
  listCategoryPage,
  updateCategory,
} from "./service/categories.ts";
export { chapters } from "./service/chapters.ts";
export { createDraftLink, draftPage } from "./service/draft-links.ts";
export { fileThumbnail } from "./service/file-images.ts";
export { notes } from "./service/notes.ts";
export { deletePhotoTag, listPhotoTags, savePhotoTag } from "./service/photo-tags.ts";
export { photos } from "./service/photos.ts";
export { previewMarkdown } from "./service/preview.ts";
export { CONTENT_MESSAGES, type ContentContext, newestFirst } from "./service/shared.ts";
