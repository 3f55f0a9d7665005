import type { CreateNoteInput, ListNotesQuery, UpdateNoteInput } from "../../shared/content.ts";
import { noteListItem, noteRecord, withExcerpt } from "../content/records.ts";
import { itemService } from "../content/service/items.ts";
import { ITEM_ORDERS, matches } from "../content/service/shared.ts";
import * as repo from "./repository.ts";

/** Notes: a body and pictures, listed by tag and text. */
export const notes = itemService<CreateNoteInput, UpdateNoteInput, ListNotesQuery>()({
  name: "note",
  rows: repo.notes,
  files: (files) => files.notes(),
  record: noteRecord,
  list: {
    fromRow: noteListItem,
    fromFile: withExcerpt,
    keep: (query, item) =>
      (!query.tag || item.tags.includes(query.tag)) && matches(query.q, item.slug, item.body),
    order: (query) => ITEM_ORDERS[query.sort],
    facet: (item) => ({ group: null, tags: item.tags }),
  },
});
