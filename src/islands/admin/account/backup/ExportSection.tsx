import { useId } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import { FormStatus } from "../../../ui/FormStatus.tsx";
import { failureText } from "../../app/form.tsx";
import { useDownloadArchive } from "./queries.ts";
import "./backup.css";

/**
 * The site's export, for /bms/userSet to place below the settings: one button that downloads
 * everything (the writing as Markdown, the images, the settings, users without their
 * passwords, feedback and the audit log) as one archive that `npm run import` restores.
 */
export function ExportSection({ t }: { t: Translate }) {
  const id = useId();
  const download = useDownloadArchive();
  const note = download.isPending
    ? t("bmsBackup.working")
    : download.isSuccess
      ? t("bmsBackup.done", { file: download.data })
      : "";
  return (
    <section className="bms-backup" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("bmsBackup.heading")}</h2>
      <p className="field-hint" id={`${id}-about`}>
        {t("bmsBackup.intro")}
      </p>
      <div className="bms-actions">
        <button
          type="button"
          className="button"
          aria-describedby={`${id}-about`}
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {t("bmsBackup.download")}
        </button>
      </div>
      <FormStatus note={note} failure={download.isError ? failureText(t, download.error) : ""} />
    </section>
  );
}
