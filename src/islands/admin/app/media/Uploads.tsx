import { type DragEvent, useEffect, useRef, useState } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import { IMAGE_TYPES, type MediaRecord } from "../../../../shared/kinds/media.ts";
import { failureText } from "../form.tsx";
import { useUploadMedia } from "./queries.ts";
import {
  changeJob,
  createQueue,
  isFinished,
  newJobs,
  progressOf,
  UPLOADS_AT_ONCE,
  type UploadJob,
} from "./queue.ts";

// Uploading into the library, on its screen and in the picker: files chosen, dropped or pasted
// become jobs, two at a time go up, and each shows its progress bar and then its outcome.

/** The files a drop or a paste carries (none for text). */
export const filesOf = (data: DataTransfer | null): File[] => (data ? Array.from(data.files) : []);

/** A screen's uploads: the jobs to draw, `add` for more files, and clearing the finished ones. */
export function useUploads() {
  const upload = useUploadMedia();
  const [jobs, setJobs] = useState<UploadJob[]>([]);
  const nextId = useRef(1);
  const send = useRef(upload.mutateAsync);
  useEffect(() => {
    send.current = upload.mutateAsync;
  });
  const [queue] = useState(() =>
    createQueue(UPLOADS_AT_ONCE, async ({ id, file }: { id: number; file: File }) => {
      const change = (to: Parameters<typeof changeJob>[2]) =>
        setJobs((current) => changeJob(current, id, to));
      change({ phase: "sending" });
      try {
        const record = await send.current({
          file,
          onProgress: (sent, total) => change(progressOf(sent, total)),
        });
        change({ phase: "done", sent: 1, record });
      } catch (error) {
        change({ phase: "failed", error });
      }
    }),
  );
  return {
    jobs,
    add(files: readonly File[]) {
      if (files.length === 0) return;
      const first = nextId.current;
      nextId.current += files.length;
      setJobs((current) => [...current, ...newJobs(files, first)]);
      queue.add(files.map((file, i) => ({ id: first + i, file })));
    },
    clearFinished: () => setJobs((current) => current.filter((job) => !isFinished(job))),
  };
}

/**
 * Dropping files on an element (`props` go on it): `over` while files are dragged over it, for
 * the drop zone's look.
 */
export function useDropZone(onFiles: (files: File[]) => void) {
  const [over, setOver] = useState(false);
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");
  return {
    over,
    props: {
      onDragOver(event: DragEvent) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setOver(true);
      },
      onDragLeave(event: DragEvent) {
        const to = event.relatedTarget;
        if (!(to instanceof Node && event.currentTarget.contains(to))) setOver(false);
      },
      onDrop(event: DragEvent) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        onFiles(filesOf(event.dataTransfer));
      },
    },
  };
}

/** The file picker: a button that opens the browser's, for many images at once. */
export function UploadButton({
  t,
  onFiles,
  describedBy,
}: {
  t: Translate;
  onFiles: (files: File[]) => void;
  describedBy?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="button button-primary"
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        {t("media.upload.choose")}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={IMAGE_TYPES.join(",")}
        hidden
        aria-label={t("media.upload.input")}
        onChange={(event) => {
          onFiles(Array.from(event.currentTarget.files ?? []));
          // The same file may be chosen again (after fixing it, or to upload it twice).
          event.currentTarget.value = "";
        }}
      />
    </>
  );
}

/** A finished job's outcome: uploaded, or the server's reason in the interface's language. */
function outcomeOf(t: Translate, job: UploadJob): string {
  if (job.phase === "done") return t("media.upload.done");
  if (job.phase === "failed")
    return t("media.upload.failed", { reason: failureText(t, job.error) });
  return "";
}

const PHASE_WORDS = {
  waiting: "media.upload.waiting",
  sending: "media.upload.sending",
  processing: "media.upload.processing",
} as const;

/**
 * The uploads, one row each: the file's name, its progress bar (named after the file) and its
 * outcome line, announced politely as it arrives. `choose` offers each uploaded image (the picker).
 */
export function UploadList({
  t,
  jobs,
  onClear,
  choose,
}: {
  t: Translate;
  jobs: readonly UploadJob[];
  onClear: () => void;
  choose?: (record: MediaRecord) => void;
}) {
  return (
    <div className="bms-uploads">
      {/* Present while empty too, so the first outcome is announced. */}
      <ul aria-live="polite" aria-label={t("media.upload.list")}>
        {jobs.map((job) => (
          <li key={job.id} className="bms-upload" data-phase={job.phase}>
            <span className="bms-upload-name">{job.name}</span>
            <progress
              max={1}
              // Processing has no measure: the bar moves without one.
              value={job.phase === "processing" ? undefined : job.sent}
              aria-label={t("media.upload.progress", { name: job.name })}
            />
            {job.phase === "done" || job.phase === "failed" ? (
              <span className="bms-upload-outcome">
                <span className="visually-hidden">{job.name}: </span>
                {outcomeOf(t, job)}
              </span>
            ) : (
              <span className="bms-upload-outcome" aria-hidden="true">
                {t(PHASE_WORDS[job.phase])}
              </span>
            )}
            {choose && job.record && (
              <button
                type="button"
                className="button"
                onClick={() => job.record && choose(job.record)}
              >
                {t("media.picker.chooseUploaded", { name: job.name })}
              </button>
            )}
          </li>
        ))}
      </ul>
      {jobs.some(isFinished) && (
        <button type="button" className="button bms-uploads-clear" onClick={onClear}>
          {t("media.upload.clear")}
        </button>
      )}
    </div>
  );
}
