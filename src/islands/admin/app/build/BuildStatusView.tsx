import type { Locale, MessageKey, Translate } from "../../../../i18n/core.ts";
import type { BuildRun, BuildStatus, SiteChange } from "../../../../shared/build-status.ts";
import { changeText } from "../log-actions.ts";

/** Where the owner fixes a left-out item: its editor, or its kind's list. */
function editorOf(change: SiteChange): string {
  const kind = change.action.slice(0, change.action.lastIndexOf("."));
  const id = change.id ? `?id=${encodeURIComponent(change.id)}` : "";
  if (kind === "articles") return `/bms/editarticle${id}`;
  if (kind === "photos") return `/bms/editPhoto${id}`;
  if (kind === "notes") return "/bms/notes";
  return "/bms/book-doc";
}

const seconds = (from: string | null, to: string | null) =>
  from && to ? ((Date.parse(to) - Date.parse(from)) / 1000).toFixed(1) : "?";

const clock = (iso: string | null, locale: Locale) =>
  iso ? new Date(iso).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" }) : "";

/** What to say about a build, and the look it gets (data-state). */
function summarize(
  status: BuildStatus,
  locale: Locale,
): { key: MessageKey; values?: Record<string, string>; state: string; run?: BuildRun } | null {
  const [run, previous] = status.runs;
  if (status.mode === "none") return { key: "bmsBuild.none", state: "none" };
  if (!run) return status.mode === "hook" ? { key: "bmsBuild.hookUnknown", state: "none" } : null;
  switch (run.state) {
    case "queued":
      // A change made while a build runs waits for the next one.
      return previous?.state === "building"
        ? { key: "bmsBuild.buildingQueued", state: "building", run }
        : { key: "bmsBuild.queued", state: "queued", run };
    case "building":
      return { key: "bmsBuild.building", state: "building", run };
    case "live":
      return status.mode === "refresh"
        ? { key: "bmsBuild.refreshed", state: "live", run }
        : {
            key: "bmsBuild.live",
            values: {
              seconds: seconds(run.queuedAt, run.finishedAt),
              time: clock(run.finishedAt, locale),
            },
            state: "live",
            run,
          };
    case "requested":
      return {
        key: "bmsBuild.requested",
        values: { time: clock(run.finishedAt, locale) },
        state: "requested",
        run,
      };
    case "failed":
      return {
        key: status.mode === "hook" ? "bmsBuild.hookFailed" : "bmsBuild.failed",
        state: "failed",
        run,
      };
  }
}

/**
 * The build status as shown (BuildStatus.tsx fetches it). The live region is always there, so
 * a change of its text is announced; the box inside shows only when there is something to say.
 */
export function BuildStatusView({
  t,
  locale,
  status,
}: {
  t: Translate;
  locale: Locale;
  status: BuildStatus | null;
}) {
  const said = status ? summarize(status, locale) : null;
  const lines = said?.run?.state === "failed" ? said.run.errorLines : [];
  const leftOut = said?.run?.leftOut ?? [];
  return (
    <div className="bms-build-region" role="status">
      {said && (
        <div className="bms-build" data-state={said.state}>
          <p>
            <strong>{t("bmsBuild.title")}</strong> {t(said.key, said.values)}
          </p>
          {lines.length > 0 && (
            <>
              <p className="bms-build-errors-label">{t("bmsBuild.errorsLabel")}</p>
              <pre className="bms-build-errors">
                <code>{lines.join("\n")}</code>
              </pre>
            </>
          )}
          {leftOut.length > 0 && (
            <>
              <p className="bms-build-errors-label">{t("bmsBuild.leftOut")}</p>
              <ul className="bms-build-left-out">
                {leftOut.map((change) => (
                  <li key={`${change.action} ${change.item ?? ""}`}>
                    <a href={editorOf(change)}>{changeText(t, change)}</a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
