import { useStore } from "@nanostores/react";
import { type KeyboardEvent, useMemo, useState } from "react";
import { type ReaderKey, translator } from "../../i18n/reader.ts";
import { $locale } from "../../stores/locale.ts";
import { $userInfo } from "../../stores/user.ts";
import { LoginForm } from "./LoginForm.tsx";
import { PasswordForm } from "./PasswordForm.tsx";
import { ProfileForm } from "./ProfileForm.tsx";
import { RegisterForm } from "./RegisterForm.tsx";
import { ResetFlow } from "./ResetFlow.tsx";
import "./auth.css";

const VIEWS = ["login", "register", "reset"] as const;
type View = (typeof VIEWS)[number];
const LABELS: Record<View, ReaderKey> = {
  login: "auth.login",
  register: "auth.register",
  reset: "auth.forgot",
};

function initialView(views: readonly View[]): View {
  const view = new URLSearchParams(window.location.search).get("view");
  return views.find((v) => v !== "login" && v === view) ?? "login";
}

/**
 * Log in, register and the four-step password reset (SPEC.md sections 2, 4, 5); for a
 * logged-in reader, `?view=settings` and `?view=password` (the person menu's entries). While the
 * site's settings close registration (`registration` false) there is no register tab.
 */
export default function AuthPanel({ registration = true }: { registration?: boolean }) {
  const locale = useStore($locale);
  const info = useStore($userInfo);
  const t = useMemo(() => translator(locale), [locale]);
  const views: readonly View[] = registration ? VIEWS : VIEWS.filter((v) => v !== "register");
  const [view, setView] = useState<View>(() => initialView(views));
  const own = new URLSearchParams(window.location.search).get("view");

  if (own === "settings" || own === "password") {
    if (!info?.user.isLogin)
      return (
        <p>
          {t("profile.needLogin")} <a href="/register-login">{t("auth.login")}</a>
        </p>
      );
    return (
      <div className="auth-panel">
        {own === "settings" ? (
          <ProfileForm t={t} info={info} onOwnPage />
        ) : (
          <PasswordForm t={t} onOwnPage />
        )}
      </div>
    );
  }

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = views[(views.indexOf(view) + step + views.length) % views.length] ?? "login";
    setView(next);
    event.currentTarget.querySelector<HTMLElement>(`#auth-tab-${next}`)?.focus();
  }

  return (
    <div className="auth-panel">
      <div role="tablist" aria-label={t("auth.tabs")} className="auth-tabs" onKeyDown={onTabKey}>
        {views.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            id={`auth-tab-${v}`}
            aria-selected={view === v}
            aria-controls="auth-tabpanel"
            tabIndex={view === v ? 0 : -1}
            onClick={() => setView(v)}
          >
            {t(LABELS[v])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="auth-tabpanel" aria-labelledby={`auth-tab-${view}`}>
        {view === "login" && <LoginForm key="login" t={t} />}
        {view === "register" && registration && <RegisterForm key="register" t={t} />}
        {view === "reset" && <ResetFlow key="reset" t={t} onDone={() => setView("login")} />}
      </div>
    </div>
  );
}
