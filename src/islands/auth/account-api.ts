import type { Locale } from "../../i18n/reader.ts";
import { api, send } from "../../shared/api-client.ts";
import { LOGIN_DEVICE } from "../../shared/auth-rules.ts";
import { encryptPassword, importPublicKey } from "../../shared/password-crypto.ts";
import { STORAGE_KEYS } from "../../shared/storage-keys.ts";
import type { StoredUser } from "../../shared/user-info.ts";

// The account calls of SPEC.md section 7. Every password is encrypted with the server's
// public key before it is sent.

let key: Promise<CryptoKey> | null = null;

function publicKey(): Promise<CryptoKey> {
  key ??= send(api["encryption-key"].$get()).then((result) => {
    if (!result.success) throw new Error(result.message);
    return importPublicKey(result.data.publicKey);
  });
  key.catch(() => {
    key = null; // try again next time
  });
  return key;
}

/** The password encrypted for the API. */
export const seal = async (password: string) => encryptPassword(await publicKey(), password);

/** This browser's login id (made on first use; none where storage is unavailable). */
function loginDevice(): string | undefined {
  try {
    let id = localStorage.getItem(STORAGE_KEYS.loginDevice);
    if (!id || !LOGIN_DEVICE.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(STORAGE_KEYS.loginDevice, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

export const accountApi = {
  login: async (email: string, password: string) => {
    const device = loginDevice();
    const json = { email, password: await seal(password), ...(device ? { device } : {}) };
    return send(api.login.$post({ json }));
  },
  sendRegisterCode: (email: string, locale: Locale) =>
    send(api.getEmailCode.$post({ json: { email, locale } })),
  register: async (email: string, code: string, userName: string, password: string) =>
    send(api.register.$post({ json: { email, code, userName, password: await seal(password) } })),
  sendResetCode: (email: string, locale: Locale) =>
    send(api.getResetEmailCode.$post({ json: { email, locale } })),
  verifyResetCode: (email: string, code: string) =>
    send(api.verifyEmailCode.$post({ json: { email, code } })),
  resetPassword: async (email: string, resetToken: string, password: string) =>
    send(api.resetPassword.$post({ json: { email, resetToken, password: await seal(password) } })),
  changePassword: async (oldPassword: string, newPassword: string) =>
    send(
      api.changePassword.$post({
        json: { oldPassword: await seal(oldPassword), newPassword: await seal(newPassword) },
      }),
    ),
  updateProfile: (changes: ProfileChanges) => send(api.updateProfile.$put({ json: changes })),
  requestEmailChange: async (email: string, password: string, locale: Locale) =>
    send(api.requestEmailChange.$post({ json: { email, password: await seal(password), locale } })),
  confirmEmailChange: (email: string, code: string, locale: Locale) =>
    send(api.confirmEmailChange.$post({ json: { email, code, locale } })),
  uploadAvatar: (file: File) => send(api.uploadAvatar.$post({ form: { file } })),
};

export interface ProfileChanges {
  email?: string;
  userName?: string;
  desc?: string;
  sex?: StoredUser["sex"];
  birthday?: string | null;
}

/** Exactly one leading `/`: never `//host` or `/\host`, which browsers read as a host. */
const SINGLE_SLASH = /^\/(?![/\\])/;
/** C0 controls and DEL: the URL parser drops tab, LF and CR anywhere, so `/\t/host` is `//host`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Where to go after logging in: the path, query and fragment of `?next=` when it is a path on
 * this site, else home. `next` is resolved by the URL parser against `origin` (the page's own,
 * `window.location.origin`) and kept only when the raw value starts with a single `/`, has no
 * control character, stays on `origin`, and still starts with a single `/` once parsed (dot
 * segments can turn `/.//host` into `//host`).
 */
export function nextPath(search: string, origin: string): string {
  const next = new URLSearchParams(search).get("next");
  if (next === null || !SINGLE_SLASH.test(next) || CONTROL.test(next)) return "/";
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(next, base);
  } catch {
    return "/";
  }
  if (url.origin !== base.origin || !SINGLE_SLASH.test(url.pathname)) return "/";
  return url.pathname + url.search + url.hash;
}
