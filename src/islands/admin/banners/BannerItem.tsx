import { useStore } from "@nanostores/react";
import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { type BannerRecord, libraryImageId } from "../../../shared/content.ts";
import { $locale } from "../../../stores/locale.ts";
import { SourceFacts } from "../app/content/StatusBadge.tsx";
import { FlagItemTools } from "../app/FlagItemTools.tsx";
import type { ListState } from "../app/ListSection.tsx";
import { FileThumb } from "../app/media/FileThumb.tsx";
import { CardThumb } from "../app/media/MediaGrid.tsx";
import type { useLibraryImages } from "../app/media/queries.ts";
import { type Ordering, SortableRow } from "../app/ordering.tsx";
import { BannerForm } from "./BannerForm.tsx";
import { bannerName, stateText, windowText } from "./facts.ts";
import { useDeleteBanner, useUpdateBanner } from "./queries.ts";

/** The list's library images (`useLibraryImages`). */
type Images = ReturnType<typeof useLibraryImages>;

interface Props {
  t: Translate;
  banner: BannerRecord;
  /** Its place among all banners, from 1, and how many there are. */
  place: number;
  count: number;
  images: Images;
  state: ListState;
  /** Opens its edit form at once (`?id=`). */
  opened: boolean;
  /** The database's banners move; a file's stay first. */
  order: Ordering | undefined;
}

/** One banner: a file's as it is, the database's sortable with its tools. */
export function BannerItem(props: Props) {
  return props.order ? (
    <SortableBanner {...props} order={props.order} />
  ) : (
    <li className="bms-item bms-banner">
      <BannerCard {...props} />
      <p className="bms-file">{props.t("bmsBanners.inFile", { file: props.banner.file ?? "" })}</p>
    </li>
  );
}

function SortableBanner(props: Props & { order: Ordering }) {
  const { t, banner, order } = props;
  const locale = useStore($locale);
  const id = useId();
  return (
    <SortableRow
      t={t}
      id={banner.id}
      order={order}
      name={bannerName(banner, locale)}
      nameId={`${id}-name`}
      className="bms-item bms-banner"
    >
      <BannerCard {...props} nameId={`${id}-name`} />
      <BannerTools {...props} nameId={`${id}-name`} />
    </SortableRow>
  );
}

/** Edit in place, switch on or off, and delete (with a confirm step). */
function BannerTools({ t, banner, state, opened, nameId }: Props & { nameId: string }) {
  const locale = useStore($locale);
  const name = bannerName(banner, locale);
  const update = useUpdateBanner();
  const remove = useDeleteBanner();
  return (
    <FlagItemTools
      t={t}
      nameId={nameId}
      state={state}
      opened={opened}
      editLabel={t("bmsBanners.edit")}
      form={({ saved, cancel }) => (
        <BannerForm
          t={t}
          editing={banner}
          onSaved={(title) => saved(t("bmsBanners.saved", { name: title }))}
          onCancel={cancel}
        />
      )}
      flag={banner.enabled}
      words={{
        turnOff: t("bmsBanners.turnOff"),
        turnOn: t("bmsBanners.turnOn"),
        turnedOff: t("bmsBanners.switchedOff", { name }),
        turnedOn: t("bmsBanners.switchedOn", { name }),
      }}
      setFlag={(enabled) => update.mutateAsync({ id: banner.id, values: { enabled } })}
      setting={update.isPending}
      question={t("bmsBanners.askDelete", { name })}
      remove={() => remove.mutateAsync(banner.id)}
      deleted={t("bmsBanners.deleted", { name })}
    />
  );
}

/** What every banner shows: its image, its words, its state, window, link and place. */
function BannerCard({ t, banner, place, count, images, nameId }: Props & { nameId?: string }) {
  const locale = useStore($locale);
  const { state, label } = stateText(t, banner);
  const subtitle = banner.subtitle[locale] || banner.subtitle["zh-CN"];
  return (
    <div className="bms-banner-card">
      <Thumbnail t={t} banner={banner} images={images} />
      <div className="bms-banner-words">
        <h3 id={nameId}>{bannerName(banner, locale)}</h3>
        {subtitle && <p className="bms-banner-subtitle">{subtitle}</p>}
        <ul className="bms-facts">
          <li>
            <span className="bms-badge" data-status={state}>
              {label}
            </span>
          </li>
          <li>{t("bmsBanners.place", { place, count })}</li>
          <li>{windowText(t, banner)}</li>
          <li className="bms-banner-link">
            {banner.link
              ? t("bmsBanners.linkValue", { link: banner.link })
              : t("bmsBanners.noLink")}
          </li>
          <SourceFacts t={t} item={banner} />
        </ul>
      </div>
    </div>
  );
}

/**
 * A banner's thumbnail in a box of fixed shape: its library image's narrowest served file, or
 * the one the site serves of a file banner's own image.
 */
function Thumbnail({ t, banner, images }: { t: Translate; banner: BannerRecord; images: Images }) {
  const box = "bms-card-thumb bms-banner-thumb bms-image-placeholder";
  if (banner.readOnly)
    return <FileThumb item={banner} className="bms-card-thumb bms-banner-thumb" />;
  const imageId = libraryImageId(banner.image);
  const media = imageId ? images.data?.get(imageId) : undefined;
  if (!media) {
    return (
      <span className={box}>{images.isSuccess && <span>{t("bmsBanners.imageGone")}</span>}</span>
    );
  }
  return <CardThumb image={media} className="bms-banner-thumb" />;
}
