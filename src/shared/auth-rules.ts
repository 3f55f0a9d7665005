// Account input rules (SPEC.md section 5) without zod, for the browser's forms. The server's
// schemas in src/shared/auth.ts apply the same rules.
export const USERNAME = /^[A-Za-z0-9]{2,10}$/;
export const CODE = /^\d{6}$/;
/**
 * A browser's login id: a random id it keeps (`login-device` in localStorage) and sends with
 * each login, so the server can tell a browser that signed in to the account before.
 */
export const LOGIN_DEVICE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Names a reader may not take, so nobody can pass for the blog's owner or staff: these, in any
 * case, and any name starting with "admin" (admin1, Administrator2). The owner (an admin) may.
 */
const RESERVED_NAMES = new Set([
  "admin",
  "root",
  "system",
  "sysadmin",
  "owner",
  "moderator",
  "mod",
  "webmaster",
  "support",
  "official",
  "staff",
  "author",
  "blog",
  "管理员",
  "系统管理员",
  "站长",
  "博主",
  "作者",
  "官方",
  "系统",
  "客服",
  "版主",
]);

export function isReservedUserName(name: string): boolean {
  const plain = name.normalize("NFKC").trim().toLowerCase();
  return RESERVED_NAMES.has(plain) || plain.startsWith("admin") || plain.includes("管理员");
}
/**
 * An address as the server takes it: zod's own email pattern, which the server's schema uses
 * through this constant (src/shared/auth.ts), so the browser and the server cannot disagree.
 */
export const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const USER_ROLES = ["user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_STATUSES = ["active", "disabled"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Seconds before another code may be asked for. */
export const RESEND_SECONDS = 60;

/** A plain password: 6-16 characters combining letters, digits and symbols, no spaces. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    /[A-Za-z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9\s]/.test(value) &&
    !/\s/.test(value)
  );
}

export type ValidationKey =
  | "validation.emailRequired"
  | "validation.emailInvalid"
  | "validation.userNameRequired"
  | "validation.userNameInvalid"
  | "validation.userNameReserved"
  | "validation.passwordRequired"
  | "validation.passwordInvalid"
  | "validation.codeInvalid"
  | "validation.passwordsDiffer";

export function checkEmail(value: string): ValidationKey | null {
  const v = value.trim();
  if (!v) return "validation.emailRequired";
  return EMAIL.test(v) && v.length <= 254 ? null : "validation.emailInvalid";
}

export function checkUserName(value: string): ValidationKey | null {
  const v = value.trim();
  if (!v) return "validation.userNameRequired";
  return USERNAME.test(v) ? null : "validation.userNameInvalid";
}

/** A new reader's name: a valid one that is not reserved. */
export function checkReaderName(value: string): ValidationKey | null {
  return checkUserName(value) ?? (isReservedUserName(value) ? "validation.userNameReserved" : null);
}

export function checkPassword(value: string): ValidationKey | null {
  if (!value) return "validation.passwordRequired";
  return isStrongPassword(value) ? null : "validation.passwordInvalid";
}

export function checkCode(value: string): ValidationKey | null {
  return CODE.test(value.trim()) ? null : "validation.codeInvalid";
}

export function checkConfirmation(password: string, confirmation: string): ValidationKey | null {
  return password === confirmation ? null : "validation.passwordsDiffer";
}
