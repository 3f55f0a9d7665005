import type { ScreenProps } from "../screen-props.ts";
import { BookList } from "./BookList.tsx";
import { BookPage } from "./BookPage.tsx";
import "../app/content/content.css";

/** Books and, with `?book=<id>`, one book's chapters. */
export function BooksScreen({ t, search, navigate }: ScreenProps) {
  const bookId = new URLSearchParams(search).get("book");
  return bookId ? (
    <BookPage key={bookId} t={t} bookId={bookId} navigate={navigate} />
  ) : (
    <BookList t={t} navigate={navigate} />
  );
}
