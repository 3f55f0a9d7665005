import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { Translate } from "../../../i18n/core.ts";
import "../../../shared/zod-browser.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { type PhotoTagRecord, savePhotoTagSchema } from "../../../shared/kinds/photo.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { bindFields, FormTextField } from "../../ui/form-fields.tsx";
import { useInlineEdit } from "../app/content/ItemActions.tsx";
import { DeleteControl } from "../app/DeleteControl.tsx";
import { failedCallText, showServerIssues } from "../app/form.tsx";
import { ListSection, useListState } from "../app/ListSection.tsx";
import { useLeaveGuard } from "../app/leave-guard.ts";
import { type FormWords, serverIssues, withWords } from "../app/problems.ts";
import { succeeded } from "../app/query.ts";
import { useClearPhotoTag, usePhotoTagPage, useSavePhotoTag } from "./queries.ts";

// The gallery's tags and their names in each language. A photo keeps its tags as written
// (`autumn`); a name shows instead of the tag on the site (`#秋天`, `#Autumn`).

const NAME_WORDS: FormWords = {
  name: { blank: "bmsPhotoTags.problems.nameRequired", long: "bmsPhotoTags.problems.nameTooLong" },
};

/** The server's own schema for `PUT /api/admin/photo-tags/:tag`, in the form's words. */
const tagNameSchema = withWords(savePhotoTagSchema, NAME_WORDS);
type TagNameFields = z.input<typeof savePhotoTagSchema>;
type TagNameValues = z.output<typeof savePhotoTagSchema>;
const FIELDS = ["name.zh-CN", "name.en-US"] as const;

/** Every tag a photo carries, with its photos and names, each named in place. */
export function PhotoTagsSection({ t }: { t: Translate }) {
  const state = useListState();
  const list = usePhotoTagPage(state.page);
  return (
    <div className="bms-content bms-photo-tags">
      <ListSection
        t={t}
        words={{
          title: t("bmsPhotoTags.list"),
          total: (count) => t("bmsPhotoTags.total", { count }),
          loading: t("bmsPhotoTags.loading"),
          failed: t("bmsPhotoTags.failed"),
          empty: t("bmsPhotoTags.empty"),
          retry: t("bmsContent.retry"),
        }}
        query={list}
        state={state}
        retry
        pagerIfMany
        filters={<p>{t("bmsPhotoTags.intro")}</p>}
        item={(tag) => <TagItem key={tag.tag} t={t} tag={tag} onDone={state.report} />}
      />
    </div>
  );
}

interface ItemProps {
  t: Translate;
  tag: PhotoTagRecord;
  onDone: (ok: boolean, message: string) => void;
}

function TagItem({ t, tag, onDone }: ItemProps) {
  const id = useId();
  const { editing, editButton, open, close, saved } = useInlineEdit<true>((message) =>
    onDone(true, message),
  );
  const clear = useClearPhotoTag();
  const { name } = tag;
  return (
    <li className="bms-tag">
      <div className="bms-tag-line">
        <h3 id={`${id}-tag`}>#{tag.tag}</h3>
        <span className="bms-tag-count">{t("bmsPhotoTags.photos", { count: tag.photos })}</span>
        <p>
          {name
            ? t("bmsPhotoTags.named", { zh: name["zh-CN"], en: name["en-US"] })
            : t("bmsPhotoTags.unnamed", { tag: tag.tag })}
        </p>
        {tag.file ? (
          <p className="bms-file">{t("bmsPhotoTags.inFile", { file: tag.file })}</p>
        ) : (
          !editing && (
            <div className="bms-actions">
              <button
                ref={editButton}
                type="button"
                className="button"
                aria-describedby={`${id}-tag`}
                onClick={() => open(true)}
              >
                {t("bmsPhotoTags.name")}
              </button>
              {name && (
                <DeleteControl
                  t={t}
                  question={t("bmsPhotoTags.askClear", { tag: tag.tag })}
                  describedBy={`${id}-tag`}
                  labels={{
                    action: t("bmsPhotoTags.clear"),
                    confirm: t("bmsPhotoTags.clearConfirm"),
                  }}
                  onDelete={() =>
                    succeeded(
                      clear
                        .mutateAsync(tag.tag)
                        .then(() => onDone(true, t("bmsPhotoTags.cleared", { tag: tag.tag }))),
                      (error) => onDone(false, failedCallText(t, error)),
                    )
                  }
                />
              )}
            </div>
          )
        )}
      </div>
      {editing && !tag.file && (
        <TagNameForm
          t={t}
          tag={tag}
          onSaved={() => saved(t("bmsPhotoTags.saved", { tag: tag.tag }))}
          onCancel={close}
        />
      )}
    </li>
  );
}

interface FormProps {
  t: Translate;
  tag: PhotoTagRecord;
  onSaved: () => void;
  onCancel: () => void;
}

/** A tag's names in both languages; a tag never named starts from the tag itself. */
function TagNameForm({ t, tag, onSaved, onCancel }: FormProps) {
  const id = useId();
  const save = useSavePhotoTag();
  const [failure, setFailure] = useState("");
  const form = useForm<TagNameFields, unknown, TagNameValues>({
    resolver: zodResolver(tagNameSchema),
    defaultValues: { name: tag.name ?? { "zh-CN": tag.tag, "en-US": tag.tag } },
  });
  useLeaveGuard(form.formState.isDirty);
  const bind = bindFields(form.control, t, id);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(
    async (values) => {
      setFailure("");
      try {
        await save.mutateAsync({ tag: tag.tag, name: values.name });
        onSaved();
      } catch (error) {
        setFailure(
          showServerIssues(serverIssues(error, NAME_WORDS, form.getValues()), form.setError, FIELDS)
            ? t("bmsContent.checkFields")
            : failedCallText(t, error),
        );
      }
    },
    () => setFailure(t("bmsContent.checkFields")),
  );
  return (
    <form noValidate onSubmit={submit}>
      <fieldset className="bms-category-edit">
        <legend>{t("bmsPhotoTags.editing", { tag: tag.tag })}</legend>
        <div className="bms-row">
          <FormTextField
            {...bind("name.zh-CN")}
            label={t("bmsCategories.nameZh")}
            hint={t("bmsPhotoTags.nameHint")}
            maxLength={CONTENT_LIMITS.tag + 10}
            autoFocus
          />
          <FormTextField
            {...bind("name.en-US")}
            label={t("bmsCategories.nameEn")}
            hint={t("bmsPhotoTags.nameHint")}
            maxLength={CONTENT_LIMITS.tag + 10}
          />
        </div>
        <FormStatus note={busy ? t("bmsArticles.working") : ""} failure={failure} />
        <div className="bms-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t("bmsCategories.save")}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            {t("bmsCategories.cancel")}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
