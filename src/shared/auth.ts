import { z } from "zod";

/**
 * Requests and answers of the account API (SPEC.md sections 5 and 7). Validation messages are
 * i18n keys under `validation.*`: the client shows them in the reader's language, the server
 * answers them in English (src/i18n/locales/en-US.ts).
 */

export const USERNAME = /^[A-Za-z0-9]{2,10}$/;
export const CODE = /^\d{6}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;

/** A plain password: 6-16 characters combining letters, digits and symbols. */
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

export const emailSchema = z
  .string({ error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .max(254, "validation.emailInvalid")
  .pipe(z.email({ error: "validation.emailInvalid" }))
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
export const registerSchema = z.strictObject({
  email: emailSchema,
  code: codeSchema,
  userName: userNameSchema,
  password: encryptedPasswordSchema,
});
export const loginSchema = z.strictObject({
  email: emailSchema,
  password: encryptedPasswordSchema,
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
