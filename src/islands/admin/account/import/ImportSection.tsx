import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useController, useForm } from "react-hook-form";
import type { Translate } from "../../../../i18n/core.ts";
import {
  IMPORT_EXTENSIONS,
  type ImportCounts,
  type ImportFile,
  type ImportFileInput,
  importFileSchema,
  type ImportNote as Note,
} from "../../../../shared/import-rules.ts";
import { FormStatus, useStatusLine } from "../../../ui/FormStatus.tsx";
import { problemText } from "../../../ui/form-fields.tsx";
import { FormCheckField } from "../../app/content/fields.tsx";
import { DeleteControl } from "../../app/DeleteControl.tsx";
import { FactList } from "../../app/FactList.tsx";
import { failureText, showServerIssues } from "../../app/form.tsx";
import { succeeded } from "../../app/query.ts";
import { formatTime } from "../../app/time.ts";
import {
  type ImportOutcome,
  useImportProgress,
  useImports,
  usePreviewImport,
  useRemoveImport,
  useRunImport,
} from "./queries.ts";
import "./import.css";

/** The tools' own names, as their owners write them. */
const TOOLS: Record<string, string> = {
  wordpress: "WordPress",
  ghost: "Ghost",
  hexo: "Hexo",
  hugo: "Hugo",
  jekyll: "Jekyll",
  astro: "Astro",
};

/** How far the running read or import has got: a bar with numbers once the server says. */
function ImportProgressBar({
  t,
  id,
  labelledBy,
}: {
  t: Translate;
  id: string;
  labelledBy: string;
}) {
  const step = useImportProgress(id).data;
  const known = step && step.total > 0 ? step : null;
  return (
    <div className="bms-import-progress">
      {known ? (
        <>
          <progress aria-labelledby={labelledBy} value={known.done} max={known.total} />
          <p className="field-hint">
            {t(`bmsImport.steps.${known.stage}`, { done: known.done, total: known.total })}
          </p>
        </>
      ) : (
        <progress aria-labelledby={labelledBy} />
      )}
    </div>
  );
}

/**
 * The import from another blog, for /bms/userSet to place below the export: a file chosen and
 * read first (what it would bring, nothing written), then imported on a second press; below,
 * the imports made, each removable with everything it brought.
 */
export function ImportSection({ t }: { t: Translate }) {
  const id = useId();
  const preview = usePreviewImport();
  const run = useRunImport();
  const status = useStatusLine();
  const [shown, setShown] = useState<{ upload: ImportFile; outcome: ImportOutcome } | null>(null);
  // No file until one is chosen: the schema says so (`bmsImport.problems.noFile`).
  const form = useForm<ImportFileInput, unknown, ImportFile>({
    resolver: zodResolver(importFileSchema),
    defaultValues: { fetchImages: false },
  });
  const { field, fieldState } = useController({ control: form.control, name: "file" });
  // The chosen file's name stays in the input until it is emptied by hand after an import.
  const input = useRef<HTMLInputElement | null>(null);
  const fieldId = `${id}-field-file`;
  const error = problemText(t, fieldState.error?.message);

  const failed = (caught: unknown) => {
    if (!showServerIssues(caught, form.setError, ["file"]))
      status.report(false, failureText(t, caught));
  };
  // A new id for each read or import, for the server to say how far it has got.
  const [progressId, setProgressId] = useState("");
  const tracked = (upload: ImportFile): ImportFile => {
    const progress = crypto.randomUUID();
    setProgressId(progress);
    return { ...upload, progress };
  };
  const check = form.handleSubmit(async (upload) => {
    status.clear();
    setShown(null);
    try {
      setShown({ upload, outcome: await preview.mutateAsync(tracked(upload)) });
    } catch (caught) {
      failed(caught);
    }
  });
  const importIt = async (upload: ImportFile) => {
    status.clear();
    try {
      const outcome = await run.mutateAsync(tracked(upload));
      setShown({ upload, outcome });
      status.report(true, outcome.importId ? t("bmsImport.done") : t("bmsImport.nothingNew"));
      form.reset({ fetchImages: false });
      if (input.current) input.current.value = "";
    } catch (caught) {
      failed(caught);
    }
  };

  const busy = preview.isPending || run.isPending;
  const note = preview.isPending
    ? t("bmsImport.checking")
    : run.isPending
      ? t("bmsImport.importing")
      : status.line.note;
  const canImport =
    shown?.outcome.dryRun === true &&
    shown.outcome.written.articles + shown.outcome.written.pages > 0;
  return (
    <section className="bms-import" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>{t("bmsImport.heading")}</h2>
      <p className="field-hint">{t("bmsImport.intro")}</p>
      <form noValidate onSubmit={check} aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={fieldId} className="field-label">
            {t("bmsImport.file")}
          </label>
          <input
            id={fieldId}
            ref={(element) => {
              field.ref(element);
              input.current = element;
            }}
            name={field.name}
            type="file"
            className="field-input"
            accept={IMPORT_EXTENSIONS.join(",")}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ""}`}
            disabled={busy}
            onBlur={field.onBlur}
            onChange={(event) => {
              setShown(null);
              status.clear();
              field.onChange(event.target.files?.[0]);
            }}
          />
          <span id={`${fieldId}-hint`} className="field-hint">
            {t("bmsImport.fileHint")}
          </span>
          {error && (
            <span id={`${fieldId}-error`} className="field-error">
              {error}
            </span>
          )}
        </div>
        <FormCheckField
          control={form.control}
          name="fetchImages"
          t={t}
          id={`${id}-field-fetchImages`}
          label={t("bmsImport.fetchImages")}
        />
        <div className="bms-actions">
          <button type="submit" className="button" disabled={busy}>
            {t("bmsImport.check")}
          </button>
        </div>
      </form>
      {busy && <ImportProgressBar t={t} id={progressId} labelledBy={`${id}-title`} />}
      <FormStatus note={note} failure={status.line.failure} />
      {shown && <ImportReport t={t} file={shown.upload.file.name} outcome={shown.outcome} />}
      {canImport && shown && (
        <div className="bms-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void importIt(shown.upload)}
          >
            {t("bmsImport.import")}
          </button>
        </div>
      )}
      <ImportHistory t={t} />
    </section>
  );
}

const COUNTS = [
  "articles",
  "pages",
  "drafts",
  "categories",
  "images",
  "comments",
  "redirects",
] as const satisfies readonly (keyof ImportCounts)[];

/** What an import brought or would bring: its counts, then each item to know about. */
function ImportReport({
  t,
  file,
  outcome,
}: {
  t: Translate;
  file: string;
  outcome: ImportOutcome;
}) {
  const id = useId();
  const remote = outcome.report.counts.remoteImages;
  const rows: Array<[string, number]> = [
    ...COUNTS.map((key): [string, number] => [t(`bmsImport.counts.${key}`), outcome.written[key]]),
    ...(remote > 0 ? [[t("bmsImport.counts.remoteImages"), remote] as [string, number]] : []),
    ...(outcome.already > 0
      ? [[t("bmsImport.counts.already"), outcome.already] as [string, number]]
      : []),
  ];
  const said = (where: string, n: Note) => `${where} — ${t(`bmsImport.notes.${n.key}`, n.values)}`;
  const details = [
    {
      title: t("bmsImport.problems", { count: outcome.problems.length }),
      lines: outcome.problems.flatMap((p) => p.problems.map((n) => said(p.title, n))),
      open: false,
      count: outcome.problems.length,
    },
    {
      title: t("bmsImport.skipped", { count: outcome.report.skipped.length }),
      lines: outcome.report.skipped.map((s) => said(s.file, s.reason)),
      open: false,
      count: outcome.report.skipped.length,
    },
    {
      title: t("bmsImport.authors", { count: outcome.authors.length }),
      lines: outcome.authors.map(({ name, items, as }) =>
        as
          ? t("bmsImport.authorAs", { name, count: items, user: as })
          : t("bmsImport.authorYours", { name, count: items }),
      ),
      open: false,
      count: outcome.authors.length,
    },
    {
      title: t("bmsImport.refused", { count: outcome.refused.length }),
      lines: outcome.refused.map((r) => said(r.title, r.reason)),
      open: true,
      count: outcome.refused.length,
    },
  ].filter((group) => group.count > 0);
  return (
    <section className="bms-import-report" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {t(outcome.dryRun ? "bmsImport.preview" : "bmsImport.imported", { file })}
      </h3>
      <FactList rows={rows} className="bms-import-counts" />
      {details.map((group) => (
        <details key={group.title} open={group.open}>
          <summary>{group.title}</summary>
          <ul>
            {/* The same note twice on one item (two equal shortcodes) is said once. */}
            {[...new Set(group.lines)].map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}

/** The imports made, newest first, each removable with everything it brought. */
function ImportHistory({ t }: { t: Translate }) {
  const id = useId();
  const imports = useImports();
  const remove = useRemoveImport();
  const status = useStatusLine();
  const list = imports.data ?? [];
  return (
    <section className="bms-import-history" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("bmsImport.history")}</h3>
      <FormStatus
        note={status.line.note}
        failure={imports.isError ? t("bmsImport.loadFailed") : status.line.failure}
      />
      {imports.isSuccess && list.length === 0 && (
        <p className="field-hint">{t("bmsImport.historyEmpty")}</p>
      )}
      <ul className="bms-items">
        {list.map((made) => {
          const count = (key: keyof ImportCounts) => made.counts[key] ?? 0;
          return (
            <li key={made.id} className="bms-item">
              <p id={`${id}-${made.id}`}>
                {t("bmsImport.from", {
                  tool: TOOLS[made.tool] ?? made.tool,
                  file: made.source,
                  date: formatTime(made.createdAt),
                })}
              </p>
              <p className="field-hint">
                {t("bmsImport.summary", {
                  articles: count("articles"),
                  pages: count("pages"),
                  comments: count("comments"),
                  images: count("images"),
                })}
              </p>
              <DeleteControl
                t={t}
                describedBy={`${id}-${made.id}`}
                question={`${t("bmsImport.removeTitle")} ${t("bmsImport.removeBody")}`}
                labels={{ action: t("bmsImport.remove"), confirm: t("bmsImport.remove") }}
                onDelete={() =>
                  succeeded(
                    remove
                      .mutateAsync(made.id)
                      .then(() => status.report(true, t("bmsImport.removed"))),
                    (caught) => status.report(false, failureText(t, caught)),
                  )
                }
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
