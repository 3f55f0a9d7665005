import { useStore } from "@nanostores/react";
import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { libraryImageId, type PhotoRecord } from "../../../shared/content.ts";
import { $locale } from "../../../stores/locale.ts";
import { StatusBadge } from "../app/content/StatusBadge.tsx";
import { FileThumb } from "../app/media/FileThumb.tsx";
import { CardThumb } from "../app/media/MediaGrid.tsx";
import { useLibraryImages } from "../app/media/queries.ts";
import { ScreenLink } from "../app/ScreenLink.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { photoName, photoSearch } from "./facts.ts";
import type { PhotoSelection } from "./PhotoBulk.tsx";

interface Props {
  t: Translate;
  items: readonly PhotoRecord[];
  /** The next page is loading (the grid keeps the last one meanwhile). */
  busy: boolean;
  /** An album's name in the interface language, from its slug. */
  albumName: (slug: string) => string;
  navigate: ScreenProps["navigate"];
  selection: PhotoSelection;
}

/**
 * The photos as a grid of cards: each its thumbnail (a file's photo: a box naming its image
 * file), its title in the interface language opening it in the editor, and its album, status,
 * featured mark and source. A photo of the database has a checkbox for the bulk tools.
 */
export function PhotoGrid({ items, busy, ...card }: Props) {
  const images = useLibraryImages(items.flatMap((photo) => (photo.readOnly ? [] : [photo.image])));
  return (
    <ul className="bms-cards bms-photo-grid" aria-busy={busy || undefined}>
      {items.map((item) => (
        <PhotoCard key={item.id} item={item} images={images} {...card} />
      ))}
    </ul>
  );
}

/** The page's library images (`useLibraryImages`). */
type PageImages = ReturnType<typeof useLibraryImages>;

function PhotoCard({
  t,
  item,
  albumName,
  navigate,
  selection,
  images,
}: Omit<Props, "items" | "busy"> & { item: PhotoRecord; images: PageImages }) {
  const id = useId();
  const locale = useStore($locale);
  const name = photoName(item, locale);
  const selected = selection.has(item.id);
  return (
    <li className="bms-card" data-selected={selected || undefined}>
      {!item.readOnly && (
        <input
          type="checkbox"
          className="bms-card-select"
          checked={selected}
          aria-label={t("bmsPhotos.select", { title: name })}
          onChange={(event) => selection.toggle(item, event.currentTarget.checked)}
        />
      )}
      <ScreenLink
        navigate={navigate}
        route="editPhoto"
        search={photoSearch(item.id)}
        className="bms-card-open"
        describedBy={`${id}-facts`}
      >
        <Thumbnail t={t} photo={item} images={images} />
        <span className="bms-card-title" lang={item.title[locale] ? locale : undefined}>
          {name}
        </span>
      </ScreenLink>
      <ul id={`${id}-facts`} className="bms-card-facts">
        <li>
          <StatusBadge t={t} status={item.status} publishedAt={item.publishedAt} />
        </li>
        {item.featured && <li className="bms-photo-featured">{t("bmsPhotos.featuredMark")}</li>}
        <li>
          {item.album
            ? t("bmsPhotos.albumValue", { name: albumName(item.album) })
            : t("bmsPhotos.noAlbum")}
        </li>
        {item.readOnly && <li>{t("bmsPhotos.readOnlyMark")}</li>}
      </ul>
    </li>
  );
}

/** A card's thumbnail box, as a photo's (the look of the photo list finds it by that name). */
const THUMB = "bms-card-thumb bms-photo-thumb";

/**
 * A photo's thumbnail in a box of fixed shape: the library image's narrowest served file on its
 * own colour; a file's own image has no served file in the back office, so its box names it.
 */
function Thumbnail({ t, photo, images }: { t: Translate; photo: PhotoRecord; images: PageImages }) {
  if (photo.readOnly) return <FileThumb item={photo} className={THUMB} />;
  const imageId = libraryImageId(photo.image);
  const media = imageId ? images.data?.get(imageId) : undefined;
  if (!media) {
    // Gone once the page's images are read without it; an empty box while they load.
    return (
      <span className={`${THUMB} bms-image-placeholder`}>
        {images.isSuccess && <span>{t("bmsPhotos.imageGone")}</span>}
      </span>
    );
  }
  return <CardThumb image={media} className="bms-photo-thumb" />;
}
