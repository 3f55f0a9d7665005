import type { Translate } from "../../../i18n/core.ts";
import { type AlbumRecord, PHOTO_LIMITS } from "../../../shared/content.ts";
import { FormTextField } from "../../ui/form-fields.tsx";
import { type GroupingList, GroupingsSection } from "../app/content/GroupingsSection.tsx";
import { failureText } from "../app/form.tsx";
import { ALBUM_FIELDS, type AlbumValues, albumSchema, initialAlbumFields } from "./album-schema.ts";
import { useAddAlbum, useAlbumPage, useDeleteAlbum, useUpdateAlbum } from "./queries.ts";

const descriptionMax = PHOTO_LIMITS.albumDescription + 20;

/** Albums as groupings, with a description of their own. */
const ALBUMS: GroupingList<AlbumValues, AlbumRecord> = {
  ns: "bmsAlbums",
  schema: albumSchema,
  fields: ALBUM_FIELDS,
  initial: initialAlbumFields,
  nameMax: PHOTO_LIMITS.albumName,
  formClass: "bms-album-form",
  useAdd: useAddAlbum,
  useUpdate: useUpdateAlbum,
  usePage: useAlbumPage,
  useDelete: useDeleteAlbum,
  // An album still holding a photo stays: the server names the photo or its file.
  deleteFailure: failureText,
  file: "content/albums.json",
  more: (bind, t) => (
    <div className="bms-row">
      <FormTextField
        {...bind("description.zh-CN")}
        label={t("bmsAlbums.descriptionZh")}
        hint={t("bmsAlbums.descriptionHint")}
        multiline
        maxLength={descriptionMax}
      />
      <FormTextField
        {...bind("description.en-US")}
        label={t("bmsAlbums.descriptionEn")}
        hint={t("bmsAlbums.descriptionHint")}
        multiline
        maxLength={descriptionMax}
      />
    </div>
  ),
  itemMore: (album, locale) =>
    album.description[locale] && (
      <p className="bms-album-description">{album.description[locale]}</p>
    ),
};

/**
 * The gallery's albums, as the categories screen has them: every one (files' read-only), inline
 * edits, deletes (refused while a photo is kept in the album, saying which), and an add form.
 */
export function AlbumsSection({ t }: { t: Translate }) {
  return <GroupingsSection t={t} kind={ALBUMS} className="bms-albums" />;
}
