import { atom } from "nanostores";
import { STORAGE_KEYS } from "../shared/storage-keys.ts";
import { readUserInfo, type UserInfo } from "../shared/user-info.ts";

function initialUserInfo(): UserInfo | null {
  return typeof localStorage === "undefined" ? null : readUserInfo(localStorage);
}

/** The stored `user-info` (SPEC.md section 3); null when logged out. */
export const $userInfo = atom<UserInfo | null>(initialUserInfo());

function authFlag(info: UserInfo | null): string {
  if (!info?.user.isLogin) return "guest";
  return info.user.role === "admin" ? "admin" : "user";
}

export function setUserInfo(info: UserInfo): void {
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
  $userInfo.set(info);
  document.documentElement.dataset.auth = authFlag(info);
}

/** Logout or a failed identity check: the stored user info is cleared and reset (SPEC.md section 4). */
export function clearUserInfo(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.userInfo);
  } catch {
    // nothing stored to clear
  }
  $userInfo.set(null);
  document.documentElement.dataset.auth = "guest";
}

// Another tab logged in or out: follow it.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== STORAGE_KEYS.userInfo) return;
    const info = readUserInfo(localStorage);
    $userInfo.set(info);
    document.documentElement.dataset.auth = authFlag(info);
  });
}
