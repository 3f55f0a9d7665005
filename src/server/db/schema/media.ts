import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { Exif, ImageType, MediaVariant } from "../../../shared/kinds/media.ts";
import { userOrNull } from "./accounts.ts";
import { type Bilingual, stamps } from "./columns.ts";

/** A served file of an image, as stored (its address follows from the image's id). */
type StoredVariant = Omit<MediaVariant, "src">;

// The media library.

/**
 * The media library: every uploaded image. The id names its files in the storage port
 * (`src/server/media/store.ts`), so the service makes it before the files are stored.
 */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    type: text("type").$type<ImageType>().notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    color: text("color").notNull(),
    placeholder: text("placeholder").notNull(),
    exif: jsonb("exif").$type<Exif>().notNull(),
    variants: jsonb("variants").$type<StoredVariant[]>().notNull(),
    alt: jsonb("alt").$type<Bilingual>().notNull(),
    caption: jsonb("caption").$type<Bilingual>().notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    uploadedBy: userOrNull("uploaded_by"),
    ...stamps(),
  },
  (t) => [index("media_created_idx").on(t.createdAt)],
).enableRLS();
