import type { CreateBookInput, ListBooksQuery, UpdateBookInput } from "../../shared/content.ts";
import { bookRecord } from "../content/records.ts";
import { itemService } from "../content/service/items.ts";
import { ITEM_ORDERS, matches } from "../content/service/shared.ts";
import * as repo from "./repository.ts";

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
