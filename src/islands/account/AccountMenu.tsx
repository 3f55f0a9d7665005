import { useStore } from "@nanostores/react";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { type ReaderKey, type ReaderTranslate, translator } from "../../i18n/reader.ts";
import { api, send } from "../../shared/api-client.ts";
import { $locale } from "../../stores/locale.ts";
import { takeNotice } from "../../stores/notice.ts";
import { $userInfo, clearUserInfo } from "../../stores/user.ts";
import { reactIsland } from "../react-island.ts";
import { BothLanguages } from "../ui/BothLanguages.tsx";
import "./account.css";

/**
 * The notice the page before left for this one (src/stores/notice.ts: "Registration
 * successful"), shown until closed. The live region is in the page a frame before its words, so
 * a screen reader announces them.
 */
function LandingNotice({ t }: { t: ReaderTranslate }) {
  const [notice, setNotice] = useState<ReaderKey | null>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setNotice(takeNotice()));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div className="landing-notice" role="status">
      {notice && (
        <p>
          <span>{t(notice)}</span>
          <button
            type="button"
            aria-label={t("account.closeNotice")}
            onClick={() => setNotice(null)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </p>
      )}
    </div>
  );
}

/** The login link, or the person menu of a logged-in user (SPEC.md section 2). */
function AccountMenu() {
  const info = useStore($userInfo);
  const locale = useStore($locale);
  const t = useMemo(() => translator(locale), [locale]);
  const [open, setOpen] = useState(false);
  // The first render matches the server's (a login link in both languages); the stored user
  // is read only after hydration, so hydrating never mismatches.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // One person menu per page (the header's): a fixed id, as in SearchBox.
  const id = "account";

  const items = () => [
    ...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
  ];

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target;
      if (
        target instanceof Node &&
        !menuRef.current?.contains(target) &&
        !buttonRef.current?.contains(target)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  if (!mounted || !info?.user.isLogin) {
    return (
      <>
        <a className="login-link" href="/register-login">
          <BothLanguages k="nav.login" />
        </a>
        {mounted && <LandingNotice t={t} />}
      </>
    );
  }

  const name = info.user.userName || info.user.email;

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const all = items();
    const focused = document.activeElement;
    const index = focused instanceof HTMLElement ? all.indexOf(focused) : -1;
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === "ArrowDown") move(index + 1);
    else if (event.key === "ArrowUp") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(all.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "Tab") setOpen(false);
  }

  async function logout() {
    // The server revokes the session; the local copy goes whatever it answers.
    await send(api.logOutUser.$post()).catch(() => undefined);
    clearUserInfo();
    window.location.assign("/");
  }

  function switchAccount() {
    clearUserInfo();
    window.location.assign("/register-login");
  }

  return (
    <div className="account">
      <button
        ref={buttonRef}
        type="button"
        className="account-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={t("account.menu", { name })}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {info.user.avatar ? (
          <img src={info.user.avatar} alt="" width="28" height="28" />
        ) : (
          <svg
            className="account-initial"
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="28"
            height="28"
          >
            <path
              fill="currentColor"
              d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0 2c-4 0-7 2-7 4.5V20h14v-1.5C19 16 16 14 12 14z"
            />
          </svg>
        )}
        <span className="account-name">{name}</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={`${id}-menu`}
          role="menu"
          className="account-menu"
          onKeyDown={onMenuKey}
        >
          <a role="menuitem" href="/register-login?view=settings">
            {t("account.settings")}
          </a>
          <a role="menuitem" href="/register-login?view=password">
            {t("account.password")}
          </a>
          <button role="menuitem" type="button" onClick={switchAccount}>
            {t("account.switch")}
          </button>
          <button role="menuitem" type="button" onClick={logout}>
            {t("account.logout")}
          </button>
        </div>
      )}
      <LandingNotice t={t} />
    </div>
  );
}

export default reactIsland(AccountMenu);
