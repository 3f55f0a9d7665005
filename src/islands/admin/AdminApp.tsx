import { useStore } from "@nanostores/react";
import { type MouseEvent, useEffect, useMemo, useState } from "react";
import { translator } from "../../i18n/core.ts";
import { $locale } from "../../stores/locale.ts";
import { clearUserInfo } from "../../stores/user.ts";
import { type Access, checkAccess, loginUrl } from "./guard.ts";
import { ADMIN_ROUTES, type AdminRoute, routeAbout, routeFromPath, routeTitle } from "./routes.ts";
import { SCREENS } from "./screens.ts";
import "../ui/field.css";
import "../auth/auth.css";
import "./admin.css";

/** The client-rendered back office: guard first, then its own router over /bms/*. */
export default function AdminApp() {
  const locale = useStore($locale);
  const t = useMemo(() => translator(locale), [locale]);
  const [access, setAccess] = useState<Access>("checking");
  const [route, setRoute] = useState<AdminRoute>(() => routeFromPath(window.location.pathname));
  const [search, setSearch] = useState(() => window.location.search.replace(/^\?/, ""));

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
    const onPop = () => {
      setRoute(routeFromPath(window.location.pathname));
      setSearch(window.location.search.replace(/^\?/, ""));
    };
    window.addEventListener("popstate", onPop);
    return () => {
      live = false;
      window.removeEventListener("popstate", onPop);
    };
  }, []);

  useEffect(() => {
    document.title = `${t(routeTitle(route))} · ${t("bms.title")}`;
  }, [route, t]);

  // On a phone the sections are one scrolling row: keep the current one in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the route or access changes
  useEffect(() => {
    document
      .querySelector('.bms-nav [aria-current="page"]')
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [route, access]);

  function navigate(next: AdminRoute, query = "", options: { saved?: boolean } = {}) {
    // A form with unsaved changes (screens mark it data-dirty) asks before it is left, unless
    // the screen moves on because it has just saved them.
    const dirty = !options.saved && document.querySelector("#bms-main form[data-dirty]");
    if (dirty && !window.confirm(t("bmsContent.confirmLeave"))) return;
    window.history.pushState(null, "", `/bms/${next}${query ? `?${query}` : ""}`);
    setRoute(next);
    setSearch(query);
    document.getElementById("bms-main")?.focus();
  }

  function go(event: MouseEvent<HTMLAnchorElement>, next: AdminRoute) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(next);
  }

  const Screen = SCREENS[route];

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
        {Screen ? (
          <Screen t={t} search={search} navigate={navigate} />
        ) : (
          <p className="bms-pending">{t("bms.pending")}</p>
        )}
      </section>
    </div>
  );
}
