import type { z } from "zod";
import { type AlbumRecord, albumFields, createAlbumSchema } from "../../../shared/content.ts";
import {
  GROUPING_FIELDS,
  groupingSchema,
  initialGroupingFields,
  orderText,
} from "../app/content/grouping-schema.ts";

/**
 * The album form, a grouping form (`app/content/grouping-schema.ts`): the server's own schema for
 * `POST /api/admin/albums`, with the description always in both languages (empty for none) and
 * the order as the text its field holds.
 */
const formSchema = createAlbumSchema.extend({
  description: albumFields.description.unwrap(),
  order: orderText(albumFields.order),
});

export type AlbumFields = z.input<typeof formSchema>;
export type AlbumValues = z.output<typeof formSchema>;

/** The form's fields in screen order. */
export const ALBUM_FIELDS = [...GROUPING_FIELDS, "description.zh-CN", "description.en-US"] as const;

export const albumSchema = groupingSchema(formSchema, {
  description: { other: "bmsAlbums.problems.descriptionTooLong" },
});

/** The form's first values: empty to add one, the album's own to edit it. */
export const initialAlbumFields = (album?: AlbumRecord): AlbumFields => ({
  ...initialGroupingFields(album),
  description: album ? { ...album.description } : { "zh-CN": "", "en-US": "" },
});
