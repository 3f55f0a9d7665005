import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { MEDIA_LIMITS, type MediaRecord } from "../../../shared/kinds/media.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { bindFields, FormTextField } from "../../ui/form-fields.tsx";
import { failureText, showServerIssues } from "../app/form.tsx";
import { useLeaveGuard } from "../app/leave-guard.ts";
import { useSaveMedia } from "../app/media/queries.ts";
import {
  MEDIA_FIELDS,
  MEDIA_WORDS,
  type MediaFields,
  type MediaValues,
  mediaFieldsOf,
  mediaSchema,
} from "../app/media/schema.ts";
import { serverIssues } from "../app/problems.ts";

interface Props {
  t: Translate;
  record: MediaRecord;
  /** Whether the form holds unsaved changes, for the dialog around it to ask before closing. */
  dirty: { current: boolean };
}

/** An image's words: alt text and caption in both languages, and its tags. */
export function MediaForm({ t, record, dirty }: Props) {
  const id = useId();
  const save = useSaveMedia();
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const form = useForm<MediaFields, unknown, MediaValues>({
    resolver: zodResolver(mediaSchema),
    defaultValues: mediaFieldsOf(record),
  });
  const { isDirty, isSubmitting } = form.formState;
  useLeaveGuard(isDirty);
  useEffect(() => {
    dirty.current = isDirty;
  }, [dirty, isDirty]);
  const bind = bindFields(form.control, t, id);

  const submit = form.handleSubmit(
    async (values) => {
      setNote("");
      setFailure("");
      try {
        const saved = await save.mutateAsync({ id: record.id, values });
        form.reset(mediaFieldsOf(saved));
        setNote(t("media.form.saved"));
      } catch (error) {
        const marked = showServerIssues(
          serverIssues(error, MEDIA_WORDS, form.getValues()),
          form.setError,
          MEDIA_FIELDS,
        );
        setFailure(marked ? t("bmsContent.checkFields") : failureText(t, error));
      }
    },
    () => {
      setNote("");
      setFailure(t("bmsContent.checkFields"));
    },
  );

  return (
    <form className="bms-media-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("media.form.title")}</h3>
      <div className="bms-row">
        <FormTextField
          {...bind("alt.zh-CN")}
          label={t("media.form.altZh")}
          hint={t("media.form.altHint")}
          maxLength={CONTENT_LIMITS.alt + 20}
        />
        <FormTextField
          {...bind("alt.en-US")}
          label={t("media.form.altEn")}
          hint={t("media.form.altHint")}
          maxLength={CONTENT_LIMITS.alt + 20}
        />
      </div>
      <div className="bms-row">
        <FormTextField
          {...bind("caption.zh-CN")}
          label={t("media.form.captionZh")}
          multiline
          maxLength={MEDIA_LIMITS.caption + 50}
        />
        <FormTextField
          {...bind("caption.en-US")}
          label={t("media.form.captionEn")}
          multiline
          maxLength={MEDIA_LIMITS.caption + 50}
        />
      </div>
      <FormTextField
        {...bind("tags")}
        label={t("media.form.tags")}
        hint={t("media.form.tagsHint")}
        maxLength={CONTENT_LIMITS.tags * (CONTENT_LIMITS.tag + 2)}
      />
      <FormStatus note={isSubmitting ? t("media.form.saving") : note} failure={failure} />
      <div className="bms-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {t("media.form.save")}
        </button>
      </div>
    </form>
  );
}
