import { index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { userOrNull } from "./accounts.ts";
import { createdAt, uuidId } from "./columns.ts";

// Blogs brought in from another tool (src/server/import/), what each import made, and the old
// addresses that lead to its items. Removing an import deletes what it made, in one step.

/** The kinds of row an import makes, each named in `blog_import_rows` by its key. */
export type ImportedKind = "article" | "category" | "comment" | "media";

/** One run of an import: where from, what it brought (its report), who ran it. */
export const blogImports = pgTable(
  "blog_imports",
  {
    id: uuidId(),
    /** The tool the source was made with (`wordpress`, `hexo`, …). */
    tool: text("tool").notNull(),
    /** The file or folder's name, as given. */
    source: text("source").notNull(),
    /** What was written, by kind (`articles`, `comments`, …). */
    counts: jsonb("counts").$type<Record<string, number>>().notNull(),
    createdBy: userOrNull("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("blog_imports_created_idx").on(t.createdAt)],
).enableRLS();

/**
 * Every row an import made: its kind and key in this site (an article's or comment's id, a
 * category's slug, an image's id) and where it came from (`sourceKey`: the tool, the source's
 * own id). A later run finds what it already brought by `sourceKey` and leaves it as it is.
 */
export const blogImportRows = pgTable(
  "blog_import_rows",
  {
    kind: text("kind").$type<ImportedKind>().notNull(),
    sourceKey: text("source_key").notNull(),
    importId: uuid("import_id")
      .notNull()
      .references(() => blogImports.id, { onDelete: "cascade" }),
    rowKey: text("row_key").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.sourceKey] }),
    index("blog_import_rows_import_idx").on(t.importId),
  ],
).enableRLS();

/**
 * An old address of an imported item (`/2019/05/hello/`, `/?p=12`) and the site path it now
 * answers at: the build writes them to `_redirects` (Netlify), and `npm start` answers 301.
 */
export const redirects = pgTable("redirects", {
  fromPath: text("from_path").primaryKey(),
  toPath: text("to_path").notNull(),
  importId: uuid("import_id").references(() => blogImports.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
}).enableRLS();
