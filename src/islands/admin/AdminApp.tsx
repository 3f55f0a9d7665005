// First: configures zod before any schema is built (see the module).
import "./app/zod-setup.ts";
import { useStore } from "@nanostores/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { translator } from "../../i18n/core.ts";
import { $locale } from "../../stores/locale.ts";
import { clearUserInfo } from "../../stores/user.ts";
import BuildStatus from "./app/build/BuildStatus.tsx";
import { inApp } from "./app/content/in-app.ts";
import { hasUnsavedChanges } from "./app/leave-guard.ts";
import { createQueryClient } from "./app/query.ts";
import { type Access, checkAccess, loginUrl } from "./guard.ts";
import { ADMIN_ROUTES, type AdminRoute, routeAbout, routeFromPath, routeTitle } from "./routes.ts";
import { SCREENS } from "./screens.ts";
import "../ui/field.css";
import "../auth/auth.css";
import "./admin.css";

/**
 * The client-rendered back office: guard first, then the screens of /bms/* by wouter's router
 * over the browser's history, with one TanStack Query client for all server state.
 */
/** The screens whose form is mostly text: the editors of articles and photos. */
const WRITING: ReadonlySet<AdminRoute> = new Set(["editarticle", "editPhoto"]);

export default function AdminApp() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const locale = useStore($locale);
  const t = useMemo(() => translator(locale), [locale]);
  const [access, setAccess] = useState<Access>("checking");
  const [menuOpen, setMenuOpen] = useState(false);
  const [location, setLocation] = useLocation();
  const route = routeFromPath(location);
  const search = useSearch();

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
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    document.title = `${t(routeTitle(route))} · ${t("bms.title")}`;
  }, [route, t]);

  function navigate(next: AdminRoute, query = "", options: { saved?: boolean } = {}) {
    // A form with unsaved changes asks before it is left, unless the screen moves on because it
    // has just saved them.
    const dirty = !options.saved && hasUnsavedChanges();
    if (dirty && !window.confirm(t("bmsContent.confirmLeave"))) return;
    setLocation(`/bms/${next}${query ? `?${query}` : ""}`);
    setMenuOpen(false);
    document.getElementById("bms-main")?.focus();
  }

  const Screen = SCREENS[route];

  const menuId = "bms-sections";

  if (access !== "admin") {
    return (
      <p className="bms-checking" role="status">
        {t("bms.checking")}
      </p>
    );
  }

  return (
    // The writing screens give the text the page's width: the sections fold under their button
    // there at any width, as on a phone.
    <div className="bms" data-writing={WRITING.has(route) || undefined}>
      <nav className="bms-nav" aria-label={t("bms.nav")}>
        {/* On a phone the sections fold under one button that names the current one. */}
        <button
          type="button"
          className="button bms-menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t("bms.menu", { screen: t(routeTitle(route)) })}
        </button>
        <ul id={menuId} data-open={menuOpen || undefined}>
          {ADMIN_ROUTES.map((r) => (
            <li key={r}>
              <a
                href={`/bms/${r}`}
                aria-current={r === route ? "page" : undefined}
                onClick={inApp(() => navigate(r))}
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
        <BuildStatus t={t} />
        {Screen ? (
          <Screen t={t} search={search} navigate={navigate} />
        ) : (
          <p className="bms-pending">{t("bms.pending")}</p>
        )}
      </section>
    </div>
  );
}
