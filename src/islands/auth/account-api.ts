import type { Locale } from "../../i18n/core.ts";
import { type ApiResult, api } from "../../shared/api-client.ts";
import { encryptPassword, importPublicKey } from "../../shared/password-crypto.ts";
import type { StoredUser, UserInfo } from "../../shared/user-info.ts";

// The account calls of SPEC.md section 7. Every password is encrypted with the server's
// public key before it is sent.

let key: Promise<CryptoKey> | null = null;

function publicKey(): Promise<CryptoKey> {
  key ??= api.get<{ publicKey: string }>("/encryption-key").then((result) => {
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

export const accountApi = {
  login: async (email: string, password: string): Promise<ApiResult<UserInfo>> =>
    api.post<UserInfo>("/login", { email, password: await seal(password) }),
  sendRegisterCode: (email: string, locale: Locale) =>
    api.post<{ resendAfterSeconds: number }>("/getEmailCode", { email, locale }),
  register: async (email: string, code: string, userName: string, password: string) =>
    api.post<UserInfo>("/register", { email, code, userName, password: await seal(password) }),
  sendResetCode: (email: string, locale: Locale) =>
    api.post<{ resendAfterSeconds: number }>("/getResetEmailCode", { email, locale }),
  verifyResetCode: (email: string, code: string) =>
    api.post<{ resetToken: string }>("/verifyEmailCode", { email, code }),
  resetPassword: async (email: string, resetToken: string, password: string) =>
    api.post<null>("/resetPassword", { email, resetToken, password: await seal(password) }),
  changePassword: async (oldPassword: string, newPassword: string) =>
    api.post<null>("/changePassword", {
      oldPassword: await seal(oldPassword),
      newPassword: await seal(newPassword),
    }),
  updateProfile: (changes: ProfileChanges) => api.put<StoredUser>("/updateProfile", changes),
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.set("file", file);
    return api.upload<StoredUser>("/uploadAvatar", form);
  },
};

export interface ProfileChanges {
  email?: string;
  userName?: string;
  desc?: string;
  sex?: StoredUser["sex"];
  birthday?: string | null;
}

/** Where to go after logging in: a same-site path from `?next=`, else home. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get("next");
  return next?.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
}
