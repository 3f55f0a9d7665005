import { useStore } from "@nanostores/react";
import { type MouseEvent, useEffect, useMemo, useState } from "react";
import { translator } from "../../i18n/core.ts";
import { $locale } from "../../stores/locale.ts";
import { clearUserInfo } from "../../stores/user.ts";
import { FeedbackCenter } from "./FeedbackCenter.tsx";
import { type Access, checkAccess, loginUrl } from "./guard.ts";
import { ADMIN_ROUTES, type AdminRoute, routeAbout, routeFromPath, routeTitle } from "./routes.ts";
import { UserManagement } from "./UserManagement.tsx";
import "../ui/field.css";
import "../auth/auth.css";
import "./admin.css";

/** The client-rendered back office: guard first, then its own router over /bms/*. */
export default function AdminApp() {
  const locale = useStore($locale);
  const t = useMemo(() => translator(locale), [locale]);
  const [access, setAccess] = useState<Access>("checking");
  const [route, setRoute] = useState<AdminRoute>(() => routeFromPath(window.location.pathname));

  useEffect(() => {
    let live = true;
    void checkAccess().then((result) => {
      if (!live) return;
      if (result === "login") {
        clearUserInfo();
        window.location.replace(loginUrl(window.location));
      } else if (result === "denied") window.location.replace("/unauthorized");
      else setAccess("admin");
    });
    const onPop = () => setRoute(routeFromPath(window.location.pathname));
    window.addEventListener("popstate", onPop);
    return () => {
      live = false;
      window.removeEventListener("popstate", onPop);
    };
  }, []);

  useEffect(() => {
    document.title = `${t(routeTitle(route))} · ${t("bms.title")}`;
  }, [route, t]);

  function go(event: MouseEvent<HTMLAnchorElement>, next: AdminRoute) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    window.history.pushState(null, "", `/bms/${next}`);
    setRoute(next);
    document.getElementById("bms-main")?.focus();
  }

  if (access !== "admin") {
    return (
      <p className="bms-checking" role="status">
        {t("bms.checking")}
      </p>
    );
  }

  return (
    <div className="bms">
      <nav className="bms-nav" aria-label={t("bms.nav")}>
        <ul>
          {ADMIN_ROUTES.map((r) => (
            <li key={r}>
              <a
                href={`/bms/${r}`}
                aria-current={r === route ? "page" : undefined}
                onClick={(e) => go(e, r)}
              >
                {t(routeTitle(r))}
              </a>
            </li>
          ))}
        </ul>
        <a className="bms-back" href="/">
          {t("bms.backToSite")}
        </a>
      </nav>
      <section className="bms-main" id="bms-main" tabIndex={-1} aria-labelledby="bms-heading">
        <h1 id="bms-heading">{t(routeTitle(route))}</h1>
        <p>{t(routeAbout(route))}</p>
        {route === "FeedBackCenter" ? (
          <FeedbackCenter t={t} />
        ) : route === "userManagement" ? (
          <UserManagement t={t} />
        ) : (
          <p className="bms-pending">{t("bms.pending")}</p>
        )}
      </section>
    </div>
  );
}
