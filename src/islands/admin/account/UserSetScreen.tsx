import { useStore } from "@nanostores/react";
import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { $userInfo } from "../../../stores/user.ts";
import { PasswordForm } from "../../auth/PasswordForm.tsx";
import { ProfileForm } from "../../auth/ProfileForm.tsx";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { failureText } from "../app/form.tsx";
import { useListState } from "../app/ListSection.tsx";
import { succeeded } from "../app/query.ts";
import { formatTime } from "../app/time.ts";
import type { ScreenProps } from "../screen-props.ts";
import { AiSettingsForm } from "./ai/AiSettingsForm.tsx";
import { ExportSection } from "./backup/ExportSection.tsx";
import { ImportSection } from "./import/ImportSection.tsx";
import { useEndOtherSessions, useEndSession, useSessions } from "./queries.ts";
import { SiteSettingsForm } from "./settings/SiteSettingsForm.tsx";
import "./account.css";

/**
 * `/bms/userSet`: the admin's own account (the personal settings and password forms every
 * account has, src/islands/auth/), where they are signed in, with signing out of one session or
 * of every other, the site's settings (settings/), the export of everything (backup/), and the
 * import of another blog (import/).
 */
export function UserSetScreen({ t }: ScreenProps) {
  const info = useStore($userInfo);
  return (
    <div className="bms-content bms-account">
      {/* Each form is titled by itself (AccountForm's heading). */}
      <div className="bms-account-section">{info && <ProfileForm t={t} info={info} />}</div>
      <div className="bms-account-section">
        <PasswordForm t={t} />
      </div>
      <Sessions t={t} />
      <SiteSettingsForm t={t} />
      <AiSettingsForm t={t} />
      <ExportSection t={t} />
      <ImportSection t={t} />
    </div>
  );
}

function Sessions({ t }: { t: Translate }) {
  const id = useId();
  const sessions = useSessions();
  const end = useEndSession();
  const others = useEndOtherSessions();
  const state = useListState();
  const list = sessions.data ?? [];
  const failed = (error: unknown) => state.report(false, failureText(t, error));
  return (
    <section aria-labelledby={`${id}-sessions`} className="bms-account-section">
      <h2 id={`${id}-sessions`} ref={state.heading} tabIndex={-1}>
        {t("bmsAccount.sessions")}
      </h2>
      <p className="bms-intro">{t("bmsAccount.sessionsAbout")}</p>
      <FormStatus
        note={sessions.isFetching && !sessions.data ? t("bmsAccount.loading") : state.note}
        failure={sessions.isError ? failureText(t, sessions.error) : state.failure}
      />
      <ul className="bms-items bms-sessions">
        {list.map((session) => (
          <li key={session.id} className="bms-item bms-session">
            <p className="bms-session-browser" id={`${id}-${session.id}`}>
              {session.userAgent ?? t("bmsAccount.unknownBrowser")}
            </p>
            <p className="field-hint">
              {t("bmsAccount.signedIn", { time: formatTime(session.createdAt) })}
              {" · "}
              {session.ip ?? t("bmsAccount.unknownAddress")}
              {" · "}
              {t("bmsAccount.until", { time: formatTime(session.expiresAt) })}
            </p>
            {session.current ? (
              <span className="bms-badge">{t("bmsAccount.thisBrowser")}</span>
            ) : (
              <button
                type="button"
                className="button"
                aria-describedby={`${id}-${session.id}`}
                disabled={end.isPending}
                onClick={() =>
                  void succeeded(
                    end.mutateAsync(session.id).then(() => state.deleted(t("bmsAccount.ended"))),
                    failed,
                  )
                }
              >
                {t("bmsAccount.signOut")}
              </button>
            )}
          </li>
        ))}
      </ul>
      {list.some((session) => !session.current) && (
        <div className="bms-actions">
          <button
            type="button"
            className="button"
            disabled={others.isPending}
            onClick={() =>
              void succeeded(
                others
                  .mutateAsync(undefined)
                  .then(() => state.report(true, t("bmsAccount.endedOthers"))),
                failed,
              )
            }
          >
            {t("bmsAccount.signOutOthers")}
          </button>
        </div>
      )}
    </section>
  );
}
