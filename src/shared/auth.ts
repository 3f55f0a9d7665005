import { z } from "zod";
import "./zod-browser.ts";
import {
  CODE,
  EMAIL,
  isReservedUserName,
  isStrongPassword,
  LOGIN_DEVICE,
  USER_ROLES,
  USER_STATUSES,
  USERNAME,
} from "./auth-rules.ts";
import {
  FEEDBACK_NOTE_MAX,
  FEEDBACK_REPLY_KINDS,
  FEEDBACK_REPLY_MAX,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  REPLY_LOCALES,
} from "./feedback-rules.ts";

// The rules themselves live once, without zod, in auth-rules.ts (the visitor's forms use them
// there); these schemas are built on them.
export {
  CODE,
  EMAIL,
  isStrongPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USER_ROLES,
  USER_STATUSES,
  USERNAME,
  type UserRole,
  type UserStatus,
} from "./auth-rules.ts";

export {
  canChangeFeedbackStatus,
  FEEDBACK_NOTE_MAX,
  FEEDBACK_STATUSES,
  FEEDBACK_TRANSITIONS,
  type FeedbackRecord,
  type FeedbackReplyRecord,
  type FeedbackStatus,
  type FeedbackStatusChange,
} from "./feedback-rules.ts";

import type { StoredUser } from "./user-info.ts";

/**
 * Requests and answers of the account API (SPEC.md sections 5 and 7). Validation messages are
 * i18n keys under `validation.*`: the client shows them in the reader's language, the server
 * answers them in English (src/i18n/locales/en-US.ts).
 */

export const emailSchema = z
  .string({ error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .max(254, "validation.emailInvalid")
  .pipe(z.email({ pattern: EMAIL, error: "validation.emailInvalid" }))
  .transform((v) => v.toLowerCase());

export const userNameSchema = z
  .string({ error: "validation.userNameRequired" })
  .trim()
  .min(1, "validation.userNameRequired")
  .regex(USERNAME, "validation.userNameInvalid");

export const plainPasswordSchema = z
  .string({ error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired")
  .refine(isStrongPassword, "validation.passwordInvalid");

export const codeSchema = z
  .string({ error: "validation.codeInvalid" })
  .trim()
  .regex(CODE, "validation.codeInvalid");

/** RSA-OAEP (SHA-256) ciphertext of the password, base64: passwords never travel in clear. */
export const encryptedPasswordSchema = z
  .string({ error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired")
  .max(1024)
  .regex(/^[A-Za-z0-9+/]+=*$/, "validation.passwordRequired");

export const localeSchema = z.enum(["zh-CN", "en-US"]).default("en-US");

export const getEmailCodeSchema = z.strictObject({ email: emailSchema, locale: localeSchema });
/** A name a reader may take: not one of the reserved names (`isReservedUserName`). */
export const readerNameSchema = userNameSchema.refine(
  (name) => !isReservedUserName(name),
  "validation.userNameReserved",
);

export const registerSchema = z.strictObject({
  email: emailSchema,
  code: codeSchema,
  userName: readerNameSchema,
  password: encryptedPasswordSchema,
});
/** A browser's login id (`LOGIN_DEVICE`). */
export const loginDeviceSchema = z.string().regex(LOGIN_DEVICE);
export const loginSchema = z.strictObject({
  email: emailSchema,
  password: encryptedPasswordSchema,
  device: loginDeviceSchema.optional(),
});
export const verifyEmailCodeSchema = z.strictObject({ email: emailSchema, code: codeSchema });
export const resetPasswordSchema = z.strictObject({
  email: emailSchema,
  resetToken: z.string().min(16).max(256),
  password: encryptedPasswordSchema,
});

export const encryptionKeySchema = z.object({
  algorithm: z.literal("RSA-OAEP-256"),
  /** SubjectPublicKeyInfo, base64 (DER). */
  publicKey: z.string(),
});
export type EncryptionKey = z.infer<typeof encryptionKeySchema>;

// ---------------------------------------------------------------------------------------------
// Answers of the account API, and the requests of profiles, user management and the feedback
// center (issue 4). Messages that are not i18n keys are English, shown as they are.

export const SEXES = ["male", "female", "secret"] as const;
export type Sex = (typeof SEXES)[number];

export const DESC_MAX = 500;
export const AVATAR_URL_MAX = 1024;
export const PAGE_SIZE_MAX = 100;
export const DELETE_USERS_MAX = 100;
/** Seconds before another code may be requested for the same address and purpose. */
export const CODE_RESEND_SECONDS = 60;

/** What the API answers for a user: StoredUser without `isLogin`. */
export type UserRecord = Omit<StoredUser, "isLogin">;

/** `POST /register` and `POST /login`: data. */
export interface AuthResult {
  token: string;
  user: StoredUser;
}

/** `GET /verifyIdentity`: data (the 401 answer carries `{ success: false, isAdmin: false }`). */
export type IdentityResult =
  | { success: true; isAdmin: boolean; user: StoredUser }
  | { success: false; isAdmin: false };

/** `POST /getEmailCode`, `POST /getResetEmailCode`: data; a 429 carries `{ retryAfterSeconds }`. */
export interface EmailCodeResult {
  resendAfterSeconds: number;
}

export interface RetryAfter {
  retryAfterSeconds: number;
}

/** Every paginated list. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date `YYYY-MM-DD`, not in the future and not before 1900. */
export function isBirthday(value: string, today = new Date()): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    year >= 1900 &&
    value <= today.toISOString().slice(0, 10)
  );
}

/** A birthday or none: `null` and `""` both clear it. */
export const birthdaySchema = z
  .union([z.null(), z.literal(""), z.string().refine((v) => isBirthday(v), "must be YYYY-MM-DD")])
  .transform((v) => (v ? v : null));

export const sexSchema = z.enum(SEXES, { error: "must be male, female or secret" });
export const descSchema = z.string().trim().max(DESC_MAX);
/** An http(s) URL or a path on this site (an uploaded avatar), or empty for none. */
export const avatarSchema = z
  .string()
  .trim()
  .max(AVATAR_URL_MAX)
  .refine(
    (v) => v === "" || /^https?:\/\/\S+$/.test(v) || /^\/[^\s/]\S*$/.test(v),
    "must be an http(s) URL or a site path",
  );
export const roleSchema = z.enum(USER_ROLES, { error: "must be user or admin" });
export const userStatusSchema = z.enum(USER_STATUSES, { error: "must be active or disabled" });

const nonEmpty = (value: object) => Object.keys(value).length > 0;

/** `POST /createUser` (admin). The password is encrypted like every password. */
export const createUserSchema = z.strictObject({
  email: emailSchema,
  userName: userNameSchema,
  password: encryptedPasswordSchema,
  role: roleSchema.default("user"),
  status: userStatusSchema.default("active"),
});

/** Empty query values (`role=`) mean "any". */
export const optionalQuery = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const pageFields = {
  page: optionalQuery(z.coerce.number().int().min(1).max(100_000)).transform((v) => v ?? 1),
  pageSize: optionalQuery(z.coerce.number().int().min(1).max(PAGE_SIZE_MAX)).transform(
    (v) => v ?? 10,
  ),
};

/**
 * The user list's orders: `created` (newest account first, the default), `name` and `email`
 * (A to Z, case left out).
 */
export const USER_SORTS = ["created", "name", "email"] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** `GET /getAllUsers` query: q matches the name or the email, case-insensitively. */
export const listUsersQuerySchema = z.object({
  ...pageFields,
  sort: optionalQuery(z.enum(USER_SORTS)).transform((v) => v ?? "created"),
  q: optionalQuery(z.string().trim().max(100)),
  role: optionalQuery(roleSchema),
  status: optionalQuery(userStatusSchema),
});

/** `POST /deleteUsers` (admin). */
export const deleteUsersSchema = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(DELETE_USERS_MAX),
});

/** `PUT /updateUsers/{id}` (admin): at least one field. */
export const updateUserSchema = z
  .strictObject({
    role: roleSchema.optional(),
    status: userStatusSchema.optional(),
    userName: userNameSchema.optional(),
    desc: descSchema.optional(),
    sex: sexSchema.optional(),
    birthday: birthdaySchema.optional(),
    avatar: avatarSchema.optional(),
  })
  .refine(nonEmpty, "nothing to update");

/** `PUT /updateProfile` (the logged-in user): at least one field. */
export const updateProfileSchema = z
  .strictObject({
    email: emailSchema.optional(),
    userName: userNameSchema.optional(),
    desc: descSchema.optional(),
    sex: sexSchema.optional(),
    birthday: birthdaySchema.optional(),
  })
  .refine(nonEmpty, "nothing to update");

/** `POST /requestEmailChange` (the logged-in user): the new address and the current password. */
export const requestEmailChangeSchema = z.strictObject({
  email: emailSchema,
  password: encryptedPasswordSchema,
  locale: localeSchema,
});

/** `POST /confirmEmailChange` (the logged-in user): the code mailed to the new address. */
export const confirmEmailChangeSchema = z.strictObject({
  email: emailSchema,
  code: codeSchema,
  locale: localeSchema,
});

/** `POST /changePassword` (the logged-in user): both encrypted. */
export const changePasswordSchema = z.strictObject({
  oldPassword: encryptedPasswordSchema,
  newPassword: encryptedPasswordSchema,
});

// --- Feedback center (admin) ---------------------------------------------------------------
// Statuses, transitions and record shapes live in feedback-rules.ts (no zod, for the browser).

/** `GET /getAllFeedback` query. */
export const listFeedbackQuerySchema = z.object({
  ...pageFields,
  type: optionalQuery(z.enum(FEEDBACK_TYPES)),
  status: optionalQuery(z.enum(FEEDBACK_STATUSES)),
});

/** `PUT /feedback/{id}/status` (admin). */
export const feedbackStatusUpdateSchema = z.strictObject({
  status: z.enum(FEEDBACK_STATUSES),
  note: z.string().trim().max(FEEDBACK_NOTE_MAX).default(""),
});
export type FeedbackStatusUpdate = z.input<typeof feedbackStatusUpdateSchema>;

/** `POST /api/feedback/:id/replies`: a reply mailed to the writer (in `locale`), or a note. */
export const feedbackReplySchema = z.strictObject({
  kind: z.enum(FEEDBACK_REPLY_KINDS),
  body: z.string().trim().min(1, "is required").max(FEEDBACK_REPLY_MAX),
  locale: z.enum(REPLY_LOCALES).optional(),
});
export type FeedbackReplyInput = z.input<typeof feedbackReplySchema>;

/** One of the caller's live sessions (`GET /api/sessions`). */
export interface SessionRecord {
  /** Names it: the first characters of its token's hash. */
  id: string;
  createdAt: string;
  expiresAt: string;
  /** The session this request was made with. */
  current: boolean;
  userAgent: string | null;
  /** The address it was opened from, its last part masked. */
  ip: string | null;
}

/** `DELETE /api/sessions/:id`. */
export const sessionIdParamSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/, "must be a session's id"),
});
