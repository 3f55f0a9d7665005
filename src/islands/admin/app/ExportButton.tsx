import { useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { failureText } from "./form.tsx";

/**
 * Export as CSV: `download` saves the file (`saveFile` in query.ts) and answers its name; the
 * line beside the button says it is being prepared, then which file was saved, or why not.
 */
export function ExportButton({ t, download }: { t: Translate; download: () => Promise<string> }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  async function run() {
    setBusy(true);
    setNote("");
    setFailure("");
    try {
      setNote(t("bmsLogs.exported", { file: await download() }));
    } catch (error) {
      setFailure(failureText(t, error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="bms-export">
      <button type="button" className="button" disabled={busy} onClick={() => void run()}>
        {t("bmsLogs.export")}
      </button>
      <FormStatus note={busy ? t("bmsLogs.exporting") : note} failure={failure} />
    </div>
  );
}
