import type { CreateBookInput, ListBooksQuery, UpdateBookInput } from "../../../shared/content.ts";
import { bookRecord } from "../records.ts";
import * as repo from "../repository.ts";
import { itemService } from "./items.ts";
import { ITEM_ORDERS, matches } from "./shared.ts";

/** Books (their own page; chapters in ./chapters.ts). Deleting a book deletes its chapters. */
export const books = itemService<CreateBookInput, UpdateBookInput, ListBooksQuery>()({
  name: "book",
  rows: repo.books,
  files: (files) => files.books(),
  record: bookRecord,
  list: {
    fromRow: bookRecord,
    fromFile: (item) => item,
    keep: (query, item) => matches(query.q, item.slug, item.title, item.description),
    order: (query) => ITEM_ORDERS[query.sort],
  },
});
