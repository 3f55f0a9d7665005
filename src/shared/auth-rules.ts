// Account input rules (SPEC.md section 5) without zod, for the browser's forms. The server's
// schemas in src/shared/auth.ts apply the same rules.
export const USERNAME = /^[A-Za-z0-9]{2,10}$/;
export const CODE = /^\d{6}$/;
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
