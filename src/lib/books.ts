import { getCollection } from "astro:content";
import { type Book, type Chapter, isLive } from "./content.ts";

export interface ChapterNode {
  chapter: Chapter;
  slug: string;
  children: ChapterNode[];
}

export interface BookWithChapters {
  book: Book;
  slug: string;
  tree: ChapterNode[];
  /** Reading order: each chapter followed by its sub-chapters. */
  order: ChapterNode[];
}

const bookSlug = (book: Book) => book.id.replace(/\/index$/, "");
const parts = (chapter: Chapter) => {
  const [book = "", slug = ""] = chapter.id.split("/");
  return { book, slug };
};

/** Every live book with its chapter tree (two levels: chapters and their sub-chapters). */
export async function liveBooks(): Promise<BookWithChapters[]> {
  const books = (await getCollection("books", (b) => isLive(b))).sort(
    (a, b) => a.data.order - b.data.order,
  );
  const chapters = await getCollection("chapters", (c) => isLive(c));
  return books.map((book) => {
    const slug = bookSlug(book);
    const own = chapters.filter((c) => parts(c).book === slug);
    const node = (chapter: Chapter): ChapterNode => ({
      chapter,
      slug: parts(chapter).slug,
      children: own
        .filter((c) => c.data.parent === parts(chapter).slug)
        .sort((a, b) => a.data.order - b.data.order)
        .map(node),
    });
    const tree = own
      .filter((c) => !c.data.parent)
      .sort((a, b) => a.data.order - b.data.order)
      .map(node);
    const order = tree.flatMap((n) => [n, ...n.children]);
    return { book, slug, tree, order };
  });
}
