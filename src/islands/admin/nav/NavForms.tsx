import { zodResolver } from "@hookform/resolvers/zod";
import { useStore } from "@nanostores/react";
import { type ReactNode, useId, useState } from "react";
import { type FieldValues, type Path, type UseFormReturn, useForm } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { NAV_LIMITS, type NavGroupRecord, type NavLinkRecord } from "../../../shared/content.ts";
import { CONTENT_LANGS, type ContentLang } from "../../../shared/content-rules.ts";
import type { MediaRecord } from "../../../shared/kinds/media.ts";
import { $locale } from "../../../stores/locale.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { type Bound, bindFields, FormTextField } from "../../ui/form-fields.tsx";
import { FormCheckField } from "../app/content/fields.tsx";
import { FormSelectField, failedCallText, showServerIssues, withIssueWords } from "../app/form.tsx";
import { useLeaveGuard } from "../app/leave-guard.ts";
import { ImageField } from "../app/media/ImageField.tsx";
import { PICKED } from "../app/media/MediaPicker.tsx";
import { useKeepImage } from "../app/media/queries.ts";
import { groupName, linkName } from "./facts.ts";
import { useAddGroup, useAddLink, useUpdateGroup, useUpdateLink } from "./queries.ts";
import {
  GROUP_FIELDS,
  type GroupFields,
  type GroupValues,
  groupSchema,
  initialGroupFields,
  initialLinkFields,
  LINK_FIELDS,
  type LinkFields,
  type LinkValues,
  linkSchema,
  navIssues,
} from "./schema.ts";

// The navigation's two forms, each adding one or editing one in place: a group's name in both
// languages; a link's title and description in both languages, its address, its icon (a library
// image, or none for its first letter), its group and its hidden flag.

interface FrameProps<Fields extends FieldValues, Values extends FieldValues> {
  t: Translate;
  form: UseFormReturn<Fields, unknown, Values>;
  fields: readonly Path<Fields>[];
  /** Sends the values; answers the saved item's name in the interface language. */
  save: (values: Values) => Promise<string>;
  onSaved: (name: string) => void;
  onCancel?: (() => void) | undefined;
  /** The add form's heading, or the edit form's legend. */
  heading: { id?: string | undefined; text: string; editing: boolean; level?: 2 | 4 };
  submitLabel: string;
  className: string;
  children: ReactNode;
}

/** What both forms share: the leave guard, the save with its server issues, the buttons. */
function FormFrame<Fields extends FieldValues, Values extends FieldValues>(
  props: FrameProps<Fields, Values>,
) {
  const { t, form, heading } = props;
  const [failure, setFailure] = useState("");
  useLeaveGuard(form.formState.isDirty);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(
    async (values) => {
      setFailure("");
      try {
        const name = await props.save(values);
        if (!heading.editing) form.reset();
        props.onSaved(name);
      } catch (error) {
        const issues = withIssueWords(t, navIssues(error, form.getValues()));
        setFailure(
          showServerIssues(issues, form.setError, props.fields)
            ? t("bmsContent.checkFields")
            : failedCallText(t, error),
        );
      }
    },
    () => setFailure(t("bmsContent.checkFields")),
  );
  const body = (
    <>
      {props.children}
      <FormStatus note={busy ? t("bmsNav.working") : ""} failure={failure} />
      <div className="bms-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" className="button" onClick={props.onCancel}>
            {t("bmsNav.cancel")}
          </button>
        )}
      </div>
    </>
  );
  return heading.editing ? (
    <form noValidate onSubmit={submit} className={props.className}>
      <fieldset className="bms-nav-edit">
        <legend>{heading.text}</legend>
        {body}
      </fieldset>
    </form>
  ) : (
    <form
      noValidate
      onSubmit={submit}
      className={`bms-compose ${props.className}`}
      aria-labelledby={heading.id}
    >
      {heading.level === 4 ? (
        <h4 id={heading.id}>{heading.text}</h4>
      ) : (
        <h2 id={heading.id}>{heading.text}</h2>
      )}
      {body}
    </form>
  );
}

/** A text in both languages, side by side: `bound(lang)` is each one's bound props. */
function BothFields<Values extends FieldValues, Output extends FieldValues>({
  bound,
  labels,
  max,
  multiline = false,
}: {
  bound: (lang: ContentLang) => Bound<Values, Output>;
  labels: [string, string];
  max: number;
  multiline?: boolean;
}) {
  return (
    <div className="bms-row">
      {CONTENT_LANGS.map((lang, index) => (
        <FormTextField
          key={lang}
          {...bound(lang)}
          label={labels[index] ?? labels[0]}
          maxLength={max + 20}
          multiline={multiline}
        />
      ))}
    </div>
  );
}

interface GroupFormProps {
  t: Translate;
  editing?: NavGroupRecord | undefined;
  headingId?: string;
  onSaved: (name: string) => void;
  onCancel?: () => void;
}

/** Adds a group (it goes last) or renames one in place. */
export function GroupForm({ t, editing, headingId, onSaved, onCancel }: GroupFormProps) {
  const id = useId();
  const locale = useStore($locale);
  const add = useAddGroup();
  const update = useUpdateGroup();
  const form = useForm<GroupFields, unknown, GroupValues>({
    resolver: zodResolver(groupSchema),
    defaultValues: initialGroupFields(editing),
  });
  const bind = bindFields(form.control, t, id);
  return (
    <FormFrame
      t={t}
      form={form}
      fields={GROUP_FIELDS}
      save={async (values: GroupValues) => {
        const saved = editing
          ? await update.mutateAsync({ id: editing.id, values })
          : await add.mutateAsync(values);
        return groupName(saved, locale);
      }}
      onSaved={onSaved}
      onCancel={onCancel}
      heading={
        editing
          ? { editing: true, text: t("bmsNav.editingGroup", { name: groupName(editing, locale) }) }
          : { editing: false, id: headingId, text: t("bmsNav.addGroup") }
      }
      submitLabel={editing ? t("bmsNav.save") : t("bmsNav.addGroupButton")}
      className="bms-nav-group-form"
    >
      <BothFields
        bound={(lang) => bind(`name.${lang}`)}
        labels={[t("bmsNav.nameZh"), t("bmsNav.nameEn")]}
        max={NAV_LIMITS.name}
      />
    </FormFrame>
  );
}

interface LinkFormProps {
  t: Translate;
  /** The group a new link goes to. */
  group: NavGroupRecord;
  /** The database's groups, which a link may move to. */
  groups: readonly NavGroupRecord[];
  editing?: NavLinkRecord | undefined;
  onSaved: (name: string) => void;
  onCancel: () => void;
}

/** Adds a link to a group (it goes last) or edits one in place. */
export function LinkForm({ t, group, groups, editing, onSaved, onCancel }: LinkFormProps) {
  const id = useId();
  const locale = useStore($locale);
  const add = useAddLink();
  const update = useUpdateLink();
  const keepImage = useKeepImage();
  const form = useForm<LinkFields, unknown, LinkValues>({
    resolver: zodResolver(linkSchema),
    defaultValues: initialLinkFields(group.id, editing),
  });
  const bind = bindFields(form.control, t, id);

  function pick(media: MediaRecord) {
    keepImage(media);
    form.setValue("icon", media.src, PICKED);
  }

  return (
    <FormFrame
      t={t}
      form={form}
      fields={LINK_FIELDS}
      save={async (values: LinkValues) => {
        const saved = editing
          ? await update.mutateAsync({ id: editing.id, values })
          : await add.mutateAsync(values);
        return linkName(saved, locale);
      }}
      onSaved={onSaved}
      onCancel={onCancel}
      heading={
        editing
          ? { editing: true, text: t("bmsNav.editingLink", { name: linkName(editing, locale) }) }
          : {
              editing: false,
              level: 4,
              id: `${id}-heading`,
              text: t("bmsNav.addLinkTo", { name: groupName(group, locale) }),
            }
      }
      submitLabel={editing ? t("bmsNav.save") : t("bmsNav.addLinkButton")}
      className="bms-nav-link-form"
    >
      <BothFields
        bound={(lang) => bind(`title.${lang}`)}
        labels={[t("bmsNav.titleZh"), t("bmsNav.titleEn")]}
        max={NAV_LIMITS.title}
      />
      <BothFields
        bound={(lang) => bind(`description.${lang}`)}
        labels={[t("bmsNav.descriptionZh"), t("bmsNav.descriptionEn")]}
        max={NAV_LIMITS.description}
        multiline
      />
      <FormTextField
        {...bind("url")}
        label={t("bmsNav.url")}
        hint={t("bmsNav.urlHint")}
        maxLength={NAV_LIMITS.url + 20}
        inputMode="url"
      />
      <ImageField
        {...bind("icon")}
        label={t("bmsNav.icon")}
        file={null}
        onPick={pick}
        clearLabel={t("bmsNav.useInitial")}
      />
      <p className="field-hint">{t("bmsNav.iconHint")}</p>
      <div className="bms-row">
        {editing && groups.length > 1 && (
          <FormSelectField
            {...bind("group")}
            label={t("bmsNav.group")}
            choices={groups.map((g) => ({ value: g.id, label: groupName(g, locale) }))}
          />
        )}
        <FormCheckField {...bind("hidden")} label={t("bmsNav.hidden")} />
      </div>
    </FormFrame>
  );
}
