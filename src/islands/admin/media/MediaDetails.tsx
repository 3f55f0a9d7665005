import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { MediaRecord } from "../../../shared/kinds/media.ts";
import { $locale } from "../../../stores/locale.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { DeleteControl } from "../app/DeleteControl.tsx";
import { failureText } from "../app/form.tsx";
import { exifFacts, formatBytes, linkOf, srcSetOf, TYPE_NAMES } from "../app/media/facts.ts";
import { useDeleteMedia, useMediaItem } from "../app/media/queries.ts";
import { succeeded } from "../app/query.ts";
import { ScreenLink } from "../app/ScreenLink.tsx";
import { formatTime } from "../app/time.ts";
import type { ScreenProps } from "../screen-props.ts";
import { MediaForm } from "./MediaForm.tsx";

interface Props {
  t: Translate;
  /** The image as the grid has it; read afresh here. */
  record: MediaRecord;
  /** The id of the dialog's heading. */
  titleId: string;
  navigate: ScreenProps["navigate"];
  /** Whether the form holds unsaved changes. */
  dirty: { current: boolean };
  onClose: () => void;
  /** Deleted: the screen closes the dialog and says so. */
  onDeleted: (name: string) => void;
}

/** Which served files the preview takes, by the width it shows at. */
const PREVIEW_SIZES = "(min-width: 900px) 480px, 92vw";

/**
 * One image of the library in a dialog: a large preview, the file's and the camera's facts,
 * where it is used (each a link to edit that item), its served files, its words to edit, and
 * Delete (refused, with where, while content uses it).
 */
export function MediaDetails({ t, record, titleId, navigate, dirty, onClose, onDeleted }: Props) {
  const locale = useStore($locale);
  const one = useMediaItem(record);
  const item = one.data ?? record;
  const remove = useDeleteMedia();
  const [failure, setFailure] = useState("");
  const facts = exifFacts(t, item.exif);

  function onDelete() {
    setFailure("");
    return succeeded(
      remove.mutateAsync(item.id).then(() => onDeleted(item.name)),
      (error) => {
        setFailure(failureText(t, error));
        // A refusal says where the image is used: the list below shows it as it is now.
        void one.refetch();
      },
    );
  }

  return (
    <div className="bms-media-details">
      <div className="bms-dialog-head">
        <h2 id={titleId}>{item.name}</h2>
        <button type="button" className="button" onClick={onClose}>
          {t("media.details.close")}
        </button>
      </div>
      <div className="bms-media-details-body">
        <figure
          className="bms-media-preview"
          style={{ backgroundColor: item.color, aspectRatio: `${item.width} / ${item.height}` }}
        >
          <picture>
            <source
              type="image/avif"
              srcSet={srcSetOf(item.variants, "avif")}
              sizes={PREVIEW_SIZES}
            />
            <img
              src={item.src}
              srcSet={srcSetOf(item.variants, "webp")}
              sizes={PREVIEW_SIZES}
              alt={item.alt[locale]}
              width={item.width}
              height={item.height}
            />
          </picture>
        </figure>
        <div className="bms-media-info">
          <section aria-labelledby={`${titleId}-file`}>
            <h3 id={`${titleId}-file`}>{t("media.details.file")}</h3>
            <dl className="bms-media-dl">
              <dt>{t("media.details.type")}</dt>
              <dd>{t(TYPE_NAMES[item.type])}</dd>
              <dt>{t("media.details.size")}</dt>
              <dd>{formatBytes(item.bytes, locale)}</dd>
              <dt>{t("media.details.dimensions")}</dt>
              <dd>{t("media.card.dimensions", { width: item.width, height: item.height })}</dd>
              <dt>{t("media.details.uploaded")}</dt>
              <dd>
                <time dateTime={item.createdAt}>{formatTime(item.createdAt)}</time>
              </dd>
              <dt>{t("media.details.address")}</dt>
              <dd>
                <code>{item.src}</code>
              </dd>
            </dl>
          </section>
          <section aria-labelledby={`${titleId}-camera`}>
            <h3 id={`${titleId}-camera`}>{t("media.details.cameraFacts")}</h3>
            {facts.length > 0 ? (
              <dl className="bms-media-dl">
                {facts.map((fact) => (
                  <div key={fact.label}>
                    <dt>{fact.label}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="bms-meta">{t("media.details.noCamera")}</p>
            )}
          </section>
          <section aria-labelledby={`${titleId}-uses`}>
            <h3 id={`${titleId}-uses`}>{t("media.details.usedBy")}</h3>
            {item.usedBy.length > 0 ? (
              <ul className="bms-media-uses">
                {item.usedBy.map((use) => {
                  const link = linkOf(use);
                  return (
                    <li key={`${use.kind}-${use.id}`}>
                      {t(`media.details.kinds.${use.kind}`)}:{" "}
                      <ScreenLink
                        navigate={navigate}
                        route={link.route}
                        search={link.search}
                        className=""
                      >
                        {use.title}
                      </ScreenLink>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="bms-meta">{t("media.details.unused")}</p>
            )}
          </section>
          <details className="bms-media-variants">
            <summary>{t("media.details.variants", { count: item.variants.length })}</summary>
            <ul>
              {item.variants.map((variant) => (
                <li key={variant.src}>
                  <a href={variant.src}>
                    {t("media.details.variant", {
                      format: variant.format.toUpperCase(),
                      width: variant.width,
                      height: variant.height,
                      size: formatBytes(variant.bytes, locale),
                    })}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </div>
      </div>
      <MediaForm t={t} record={record} dirty={dirty} />
      <FormStatus note="" failure={failure} />
      <div className="bms-actions">
        <DeleteControl
          t={t}
          question={t("media.details.askDelete")}
          describedBy={titleId}
          onDelete={onDelete}
        />
      </div>
    </div>
  );
}
