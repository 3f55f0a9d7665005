import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import type { Translate } from "../../../../i18n/core.ts";
import { COMMENT_MAIL_MODES } from "../../../../shared/comment-rules.ts";
import { CONTENT_LANGS } from "../../../../shared/content-rules.ts";
import type { MediaRecord } from "../../../../shared/kinds/media.ts";
import { SETTINGS_LIMITS, type SettingsRecord } from "../../../../shared/kinds/settings.ts";
import { FormStatus, useStatusLine } from "../../../ui/FormStatus.tsx";
import { bindFields, FormTextField } from "../../../ui/form-fields.tsx";
import { FormCheckField } from "../../app/content/fields.tsx";
import { changedElsewhereAt } from "../../app/content/keeping.ts";
import {
  FormSelectField,
  failedCallText,
  showServerIssues,
  withIssueWords,
} from "../../app/form.tsx";
import { useLeaveGuard } from "../../app/leave-guard.ts";
import { ImageField } from "../../app/media/ImageField.tsx";
import { PICKED } from "../../app/media/MediaPicker.tsx";
import { useKeepImage } from "../../app/media/queries.ts";
import { formatTime } from "../../app/time.ts";
import { useSaveSettings, useSettings } from "./queries.ts";
import {
  SETTINGS_FIELDS,
  type SettingsFields,
  type SettingsValues,
  settingsFields,
  settingsIssues,
  settingsSchema,
} from "./schema.ts";
import "../../app/content/content.css";
import "../../app/content/articles.css";
import "./settings.css";

/** The texts in both languages, each with its labels and the longest it takes (a little over the rule). */
const BOTH = {
  title: { labels: ["bmsSettings.titleZh", "bmsSettings.titleEn"], max: SETTINGS_LIMITS.title },
  tagline: {
    labels: ["bmsSettings.taglineZh", "bmsSettings.taglineEn"],
    max: SETTINGS_LIMITS.tagline,
  },
  description: {
    labels: ["bmsSettings.descriptionZh", "bmsSettings.descriptionEn"],
    max: SETTINGS_LIMITS.description,
  },
  authorName: {
    labels: ["bmsSettings.authorNameZh", "bmsSettings.authorNameEn"],
    max: SETTINGS_LIMITS.authorName,
  },
  authorBio: {
    labels: ["bmsSettings.authorBioZh", "bmsSettings.authorBioEn"],
    max: SETTINGS_LIMITS.authorBio,
  },
} as const;

/**
 * The site's settings, for /bms/userSet to place: the site's name, tagline and description, the
 * author's card on the about page, and whether registration and feedback are open and which
 * language a first visit gets. One save of everything over the version opened; saved elsewhere
 * meanwhile, it offers to reload them.
 */
export function SiteSettingsForm({ t }: { t: Translate }) {
  const id = useId();
  const settings = useSettings();
  return (
    <section className="bms-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("bmsSettings.heading")}</h2>
      <p className="field-hint">{t("bmsSettings.intro")}</p>
      {settings.isPending ? (
        <p role="status">{t("bmsSettings.loading")}</p>
      ) : settings.isError ? (
        <div role="alert">
          <p>{t("bmsSettings.loadFailed")}</p>
          <button type="button" className="button" onClick={() => void settings.refetch()}>
            {t("bmsContent.retry")}
          </button>
        </div>
      ) : (
        <SettingsForm
          t={t}
          record={settings.data}
          reload={async () => (await settings.refetch()).data}
        />
      )}
    </section>
  );
}

interface FormProps {
  t: Translate;
  /** The settings as first read. */
  record: SettingsRecord;
  /** Reads the settings again: what is saved now. */
  reload: () => Promise<SettingsRecord | undefined>;
}

function SettingsForm({ t, record, reload }: FormProps) {
  const id = useId();
  const save = useSaveSettings();
  const keepImage = useKeepImage();
  const { line, report } = useStatusLine();
  /** The version the form shows: what a save is made over. */
  const [opened, setOpened] = useState(record.updatedAt);
  /** Saved elsewhere since it was opened: the form offers to reload. */
  const [conflict, setConflict] = useState(false);
  const form = useForm<SettingsFields, unknown, SettingsValues>({
    resolver: zodResolver(settingsSchema),
    defaultValues: settingsFields(record),
  });
  const links = useFieldArray({ control: form.control, name: "socialLinks" });
  useLeaveGuard(form.formState.isDirty);
  const bind = bindFields(form.control, t, id);
  const busy = form.formState.isSubmitting;

  /** The form shows `now` as saved, the version a save is made over. */
  function show(now: SettingsRecord) {
    form.reset(settingsFields(now));
    setOpened(now.updatedAt);
    setConflict(false);
  }

  const submit = form.handleSubmit(
    async (values) => {
      report(true, t("bmsSettings.saving"));
      try {
        show(await save.mutateAsync({ values, updatedAt: opened }));
        report(true, t("bmsSettings.saved"));
      } catch (error) {
        const elsewhere = changedElsewhereAt(error);
        if (elsewhere) {
          setConflict(true);
          report(false, t("bmsSettings.changedElsewhere", { time: formatTime(elsewhere) }));
          return;
        }
        const issues = withIssueWords(t, settingsIssues(error, form.getValues()));
        report(
          false,
          showServerIssues(issues, form.setError, SETTINGS_FIELDS)
            ? t("bmsContent.checkFields")
            : failedCallText(t, error),
        );
      }
    },
    () => report(false, t("bmsContent.checkFields")),
  );

  async function reloadSettings() {
    try {
      const now = await reload();
      if (!now) return;
      show(now);
      report(true, "");
    } catch (error) {
      report(false, failedCallText(t, error));
    }
  }

  function pick(media: MediaRecord) {
    keepImage(media);
    form.setValue("authorAvatar", media.src, PICKED);
  }

  /** A text in both languages, side by side. */
  const both = (name: keyof typeof BOTH, multiline = false) => (
    <div className="bms-row">
      {CONTENT_LANGS.map((lang, index) => (
        <FormTextField
          key={lang}
          {...bind(`${name}.${lang}`)}
          label={t(BOTH[name].labels[index] ?? BOTH[name].labels[0])}
          maxLength={BOTH[name].max + 20}
          multiline={multiline}
        />
      ))}
    </div>
  );

  // More links than the rule allows (the add button stops there: only a stored list could).
  const linksError = form.formState.errors.socialLinks;
  const linksProblem = linksError?.root?.message ?? linksError?.message;

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="bms-compose bms-settings-form"
    >
      <p className="field-hint">
        {opened
          ? t("bmsSettings.savedAt", { time: formatTime(opened) })
          : t("bmsSettings.neverSaved")}
      </p>
      <fieldset className="bms-settings-group">
        <legend>{t("bmsSettings.site")}</legend>
        {both("title")}
        {both("tagline")}
        {both("description", true)}
        <p className="field-hint">{t("bmsSettings.descriptionHint")}</p>
      </fieldset>
      <fieldset className="bms-settings-group">
        <legend>{t("bmsSettings.author")}</legend>
        <p className="field-hint">{t("bmsSettings.authorHint")}</p>
        {both("authorName")}
        {both("authorBio", true)}
        <ImageField
          {...bind("authorAvatar")}
          label={t("bmsSettings.avatar")}
          file={null}
          onPick={pick}
          clearLabel={t("bmsSettings.noAvatar")}
        />
        <fieldset className="bms-settings-links" aria-describedby={`${id}-links-hint`}>
          <legend>{t("bmsSettings.links")}</legend>
          <p id={`${id}-links-hint`} className="field-hint">
            {t("bmsSettings.linksHint", { max: SETTINGS_LIMITS.links })}
          </p>
          {links.fields.length > 0 && (
            <ol className="bms-settings-link-list">
              {links.fields.map((link, index) => (
                <li key={link.id} className="bms-row">
                  <FormTextField
                    {...bind(`socialLinks.${index}.label`)}
                    label={t("bmsSettings.linkLabel", { n: index + 1 })}
                    maxLength={SETTINGS_LIMITS.linkLabel + 20}
                  />
                  <FormTextField
                    {...bind(`socialLinks.${index}.url`)}
                    label={t("bmsSettings.linkUrl", { n: index + 1 })}
                    maxLength={SETTINGS_LIMITS.url + 20}
                    inputMode="url"
                  />
                  <button
                    type="button"
                    className="button bms-settings-remove"
                    onClick={() => links.remove(index)}
                  >
                    {t("bmsSettings.removeLink", { n: index + 1 })}
                  </button>
                </li>
              ))}
            </ol>
          )}
          {linksProblem && <p className="field-error">{t("bmsSettings.problems.tooManyLinks")}</p>}
          <button
            type="button"
            className="button bms-add-image"
            disabled={links.fields.length >= SETTINGS_LIMITS.links}
            onClick={() => links.append({ label: "", url: "" })}
          >
            {t("bmsSettings.addLink")}
          </button>
        </fieldset>
      </fieldset>
      <fieldset className="bms-settings-group">
        <legend>{t("bmsSettings.visitors")}</legend>
        <FormCheckField {...bind("registrationOpen")} label={t("bmsSettings.registrationOpen")} />
        <FormCheckField {...bind("feedbackOpen")} label={t("bmsSettings.feedbackOpen")} />
        <FormCheckField {...bind("commentsOpen")} label={t("bmsSettings.commentsOpen")} />
        <FormCheckField {...bind("guestComments")} label={t("bmsSettings.guestComments")} />
        <FormTextField
          {...bind("commentBlocklist")}
          label={t("bmsSettings.commentBlocklist")}
          hint={t("bmsSettings.commentBlocklistHint")}
          maxLength={SETTINGS_LIMITS.blocklist}
          multiline
        />
        <FormSelectField
          {...bind("commentMail")}
          label={t("bmsSettings.commentMail")}
          choices={COMMENT_MAIL_MODES.map((mode) => ({
            value: mode,
            label: t(`bmsSettings.commentMailModes.${mode}`),
          }))}
        />
        <FormSelectField
          {...bind("defaultLocale")}
          label={t("bmsSettings.defaultLocale")}
          choices={CONTENT_LANGS.map((lang) => ({
            value: lang,
            label: t(`bmsSettings.languages.${lang}`),
          }))}
        />
        <p className="field-hint">{t("bmsSettings.defaultLocaleHint")}</p>
        <FormCheckField {...bind("feedFullText")} label={t("bmsSettings.feedFullText")} />
        <FormCheckField
          {...bind("followMailFullText")}
          label={t("bmsSettings.followMailFullText")}
        />
        <FormTextField
          {...bind("fediverseHandle")}
          label={t("bmsSettings.fediverseHandle")}
          hint={t("bmsSettings.fediverseHandleHint", {
            // Rendered on the server too (tests), where there is no address to read.
            host: typeof location === "undefined" ? "" : location.host,
          })}
          maxLength={40}
        />
      </fieldset>
      <FormStatus note={busy ? t("bmsSettings.saving") : line.note} failure={line.failure} />
      <div className="bms-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {t("bmsSettings.save")}
        </button>
        {conflict && (
          <button type="button" className="button" onClick={() => void reloadSettings()}>
            {t("bmsSettings.reload")}
          </button>
        )}
      </div>
    </form>
  );
}
