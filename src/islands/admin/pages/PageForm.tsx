import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { api } from "../../../shared/api-client.ts";
import type { PageRecord } from "../../../shared/content.ts";
import { FormStatus, useStatusLine } from "../../ui/FormStatus.tsx";
import { bindFields } from "../../ui/form-fields.tsx";
import { SaveOverButton } from "../app/content/fields.tsx";
import { KeptOffer } from "../app/content/KeptOffer.tsx";
import { useKeeping } from "../app/content/keeping.ts";
import { FormMarkdownField } from "../app/content/MarkdownField.tsx";
import { DeleteControl } from "../app/DeleteControl.tsx";
import { failedCallText, showServerIssues } from "../app/form.tsx";
import { HistoryPanel } from "../app/revisions/HistoryPanel.tsx";
import { formatTime } from "../app/time.ts";
import { pagesKey, useRevertPage, useSavePage } from "./queries.ts";
import {
  PAGE_FIELDS,
  type PageFields,
  type PageValues,
  pageFields,
  pageIssues,
  pageSchema,
} from "./schema.ts";

/** Where the site's text of a page comes from, in the interface's words. */
function sourceLine(t: Translate, page: PageRecord): string {
  const file = page.file ?? "";
  if (page.source === "file") return t(file ? "bmsPages.fromFile" : "bmsPages.noFileYet", { file });
  const time = formatTime(page.updatedAt ?? "");
  return t(file ? "bmsPages.fromDatabase" : "bmsPages.fromDatabaseOnly", { time, file });
}

/**
 * One language of a page: its text in the writing desk's editor, saved and published at once (a
 * page is always live) over the version it opened, kept in the browser as it is typed, with its
 * history; a text saved here can give way to the page's file again.
 */
export function PageForm({ t, page }: { t: Translate; page: PageRecord }) {
  const id = useId();
  const save = useSavePage();
  const revert = useRevertPage();
  const { line, report } = useStatusLine();
  const [first] = useState(() => pageFields(page));
  const form = useForm<PageFields, unknown, PageValues>({
    resolver: zodResolver(pageSchema),
    defaultValues: first,
  });
  const keeping = useKeeping({
    t,
    form,
    record: page,
    readOnly: false,
    keptAs: "page",
    first,
    report,
    // No autosave: a page is always live, and its changes would go out unasked.
  });
  const bind = bindFields(form.control, t, id);
  const busy = form.formState.isSubmitting || revert.isPending;
  const language = t(`bmsNotes.languages.${page.lang}`);
  const shown = keeping.latest() ?? page;

  const run = form.handleSubmit(
    async (values) => {
      const force = await keeping.beforeSave();
      report(true, t("bmsPages.saving"));
      try {
        const saved = await save.mutateAsync({ page: keeping.latest() ?? page, values, force });
        keeping.afterSave(saved);
        form.reset(pageFields(saved));
        report(true, t("bmsPages.saved", { time: formatTime(saved.updatedAt ?? "") }));
      } catch (error) {
        if (keeping.refused(error)) return;
        showServerIssues(pageIssues(error, form.getValues()), form.setError, PAGE_FIELDS);
        report(false, failedCallText(t, error));
      }
    },
    () => report(false, t("bmsContent.checkFields")),
  );

  async function backToFile(): Promise<boolean> {
    try {
      const now = await revert.mutateAsync(page);
      keeping.afterSave(now);
      form.reset(pageFields(now));
      report(true, t("bmsPages.reverted", { file: now.file ?? "" }));
      return true;
    } catch (error) {
      report(false, failedCallText(t, error));
      return false;
    }
  }

  return (
    <form
      className="bms-editor bms-page"
      noValidate
      onSubmit={(event) => void run(event)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t("bmsPages.heading", { language })}</h2>
      <p className="field-hint">{sourceLine(t, shown)}</p>
      <KeptOffer t={t} id={id} keeping={keeping} words="bmsPages" />
      <FormMarkdownField
        {...bind("body")}
        label={t("bmsPages.body", { language })}
        rows={18}
        lang={page.lang}
      />
      {shown.rowId && (
        <HistoryPanel
          t={t}
          kind={pagesKey[0]}
          routes={api.admin.pages}
          words="bmsPages"
          item={{ id: shown.rowId, updatedAt: shown.updatedAt }}
          current={() => form.getValues()}
          asForm={(fields) =>
            pageFields({ body: typeof fields.body === "string" ? fields.body : "" })
          }
          onRestored={(saved: PageRecord, savedAt) =>
            keeping.restored(saved, pageFields(saved), savedAt)
          }
          onFailed={(message) => report(false, message)}
        />
      )}
      <FormStatus note={busy ? t("bmsPages.saving") : line.note} failure={line.failure} />
      <div className="bms-actions">
        <SaveOverButton
          t={t}
          busy={busy}
          onSaveOver={keeping.conflict ? () => keeping.saveOver(() => void run()) : undefined}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t("bmsPages.save")}
        </button>
        <a className="button" href="/about" target="_blank" rel="noopener">
          {t("bmsContent.viewOnSite")}
        </a>
        {shown.source === "database" && shown.file && (
          <DeleteControl
            t={t}
            question={t("bmsPages.revertQuestion", { file: shown.file })}
            onDelete={backToFile}
            labels={{ action: t("bmsPages.revert"), confirm: t("bmsPages.revertConfirm") }}
          />
        )}
      </div>
    </form>
  );
}
