import { zodResolver } from "@hookform/resolvers/zod";
import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { BANNER_LIMITS, type BannerRecord } from "../../../shared/content.ts";
import { CONTENT_LANGS, CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import type { MediaRecord } from "../../../shared/kinds/media.ts";
import { $locale } from "../../../stores/locale.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { bindFields, FormTextField } from "../../ui/form-fields.tsx";
import { FormCheckField, FormLocalTimeField } from "../app/content/fields.tsx";
import { failedCallText, showServerIssues, withIssueWords } from "../app/form.tsx";
import { useLeaveGuard } from "../app/leave-guard.ts";
import { ImageField } from "../app/media/ImageField.tsx";
import { PICKED } from "../app/media/MediaPicker.tsx";
import { useKeepImage } from "../app/media/queries.ts";
import { useAddBanner, useUpdateBanner } from "./queries.ts";
import {
  BANNER_FIELDS,
  type BannerFields,
  type BannerValues,
  bannerIssues,
  bannerSchema,
  initialBannerFields,
} from "./schema.ts";

/** The texts in both languages, each with the longest it takes (a little over the rule). */
const BOTH_MAX = {
  title: CONTENT_LIMITS.title + 20,
  subtitle: BANNER_LIMITS.subtitle + 20,
  alt: CONTENT_LIMITS.alt + 20,
};

const BOTH_LABELS = {
  title: ["bmsBanners.titleZh", "bmsBanners.titleEn"],
  subtitle: ["bmsBanners.subtitleZh", "bmsBanners.subtitleEn"],
  alt: ["bmsBanners.altZh", "bmsBanners.altEn"],
} as const;

interface Props {
  t: Translate;
  /** The banner edited in place; none to add one. */
  editing?: BannerRecord | undefined;
  /** The add form's heading id. */
  headingId?: string;
  /** Saved: the banner's title in the interface language. */
  onSaved: (name: string) => void;
  onCancel?: () => void;
}

/**
 * Adds a banner (it goes last), or edits one in place: its library image, its title, subtitle
 * and image description in both languages, its link, the window it shows in, and its switch.
 */
export function BannerForm({ t, editing, headingId, onSaved, onCancel }: Props) {
  const id = useId();
  const locale = useStore($locale);
  const add = useAddBanner();
  const update = useUpdateBanner();
  const keepImage = useKeepImage();
  const [failure, setFailure] = useState("");
  const form = useForm<BannerFields, unknown, BannerValues>({
    resolver: zodResolver(bannerSchema),
    defaultValues: initialBannerFields(editing),
  });
  useLeaveGuard(form.formState.isDirty);
  const bind = bindFields(form.control, t, id);
  const busy = form.formState.isSubmitting;

  /** An image chosen in the library: its address, and its descriptions where the form has none. */
  function pick(media: MediaRecord) {
    keepImage(media);
    form.setValue("image", media.src, PICKED);
    for (const lang of CONTENT_LANGS) {
      if (!form.getValues(`alt.${lang}`).trim() && media.alt[lang]) {
        form.setValue(`alt.${lang}`, media.alt[lang], { shouldDirty: true });
      }
    }
  }

  const submit = form.handleSubmit(
    async (values) => {
      setFailure("");
      try {
        const saved = editing
          ? await update.mutateAsync({ id: editing.id, values })
          : await add.mutateAsync(values);
        if (!editing) form.reset(initialBannerFields());
        onSaved(saved.title[locale] || saved.title["zh-CN"]);
      } catch (error) {
        const issues = withIssueWords(t, bannerIssues(error, form.getValues()));
        setFailure(
          showServerIssues(issues, form.setError, BANNER_FIELDS)
            ? t("bmsContent.checkFields")
            : failedCallText(t, error),
        );
      }
    },
    () => setFailure(t("bmsContent.checkFields")),
  );

  /** A text of the banner in both languages, side by side. */
  const both = (name: keyof typeof BOTH_MAX, more: { multiline?: boolean; hint?: string } = {}) =>
    CONTENT_LANGS.map((lang, index) => (
      <FormTextField
        key={lang}
        {...bind(`${name}.${lang}`)}
        label={t(BOTH_LABELS[name][index] ?? BOTH_LABELS[name][0])}
        maxLength={BOTH_MAX[name]}
        {...more}
      />
    ));

  const fields = (
    <>
      <ImageField
        {...bind("image")}
        label={t("bmsBanners.image")}
        file={editing?.readOnly ? editing : null}
        onPick={pick}
      />
      <div className="bms-row">{both("title")}</div>
      <div className="bms-row">{both("subtitle", { multiline: true })}</div>
      <div className="bms-row">{both("alt", { hint: t("bmsBanners.altHint") })}</div>
      <FormTextField
        {...bind("link")}
        label={t("bmsBanners.link")}
        hint={t("bmsBanners.linkHint")}
        maxLength={CONTENT_LIMITS.url + 20}
      />
      <div className="bms-row">
        <FormLocalTimeField
          {...bind("startsAt")}
          label={t("bmsBanners.startsAt")}
          hint={t("bmsBanners.startsAtHint")}
        />
        <FormLocalTimeField
          {...bind("endsAt")}
          label={t("bmsBanners.endsAt")}
          hint={t("bmsBanners.endsAtHint")}
        />
        <FormCheckField {...bind("enabled")} label={t("bmsBanners.enabled")} />
      </div>
      <FormStatus note={busy ? t("bmsBanners.working") : ""} failure={failure} />
      <div className="bms-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {editing ? t("bmsBanners.save") : t("bmsBanners.addButton")}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t("bmsBanners.cancel")}
          </button>
        )}
      </div>
    </>
  );

  return editing ? (
    <form noValidate onSubmit={submit} className="bms-banner-form">
      <fieldset className="bms-banner-edit">
        <legend>
          {t("bmsBanners.editing", { name: editing.title[locale] || editing.title["zh-CN"] })}
        </legend>
        {fields}
      </fieldset>
    </form>
  ) : (
    <form
      className="bms-compose bms-banner-form"
      noValidate
      aria-labelledby={headingId}
      onSubmit={submit}
    >
      <h2 id={headingId}>{t("bmsBanners.add")}</h2>
      {fields}
    </form>
  );
}
