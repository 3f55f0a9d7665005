import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { Locale } from "../../i18n/core.ts";
import type { EmailCodeResult, RetryAfter } from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { addressKey } from "../http/address.ts";
import { ApiError } from "../http/errors.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import { composeMail, type MailKind } from "../mail/messages.ts";
import { siteNameIn } from "../site-config/settings.ts";
import { findUserByEmail } from "../users/service.ts";
import {
  consumeCode,
  countWrongAttempt,
  findLiveCode,
  insertCode,
  insertRequest,
  lastRequestAt,
  lockAddress,
  purgeStale,
  requestsSince,
  retireCodes,
} from "./repository.ts";

// Email codes (register, reset, email change) and the mail that carries them, delivered with
// even timing so an answer's speed says nothing about the address.

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_WRONG = 5;
export const RESEND_MS = 60_000;
export const MAILS_PER_HOUR = 5;
export const CODE_REQUESTS_PER_HOUR_PER_IP = 30;
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

export const MESSAGES = {
  codeSent: "Verification code sent",
  registered: "Registration successful",
  loggedIn: "Login successful",
  loggedOut: "Logged out",
  loginFailed: "Login failed, please check your account email or password",
  badCode: "Invalid or expired verification code",
  codeVerified: "Verification successful",
  passwordReset: "Password reset successful",
  pleaseLogIn: "Please log in",
} as const;

/** What a code is for; an email change is bound to the user who asked for it. */
export type CodePurpose = "register" | "reset" | `change:${string}`;

export interface Caller {
  db: Db;
  mailer: Mailer;
  ip: string | null;
  /** The browser, kept with a session it opens. */
  userAgent?: string | null;
}

export function badCode(): ApiError {
  return new ApiError(400, "bad_request", MESSAGES.badCode, {
    issues: [{ field: "code", message: MESSAGES.badCode, key: "auth.codeRejected" }],
  });
}

function retryAfter(message: string, seconds: number): ApiError {
  const details: RetryAfter = { retryAfterSeconds: seconds };
  return new ApiError(429, "too_many_requests", message, { details });
}

/** 6 digits from the operating system's secure random source. */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/** Codes are kept only as this digest, bound to their address and purpose. */
export function hashCode(email: string, purpose: CodePurpose, code: string): string {
  return createHash("sha256").update(`${purpose}:${email}:${code}`).digest("hex");
}

function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

// --- Mail delivery with even timing ---------------------------------------------------------

const deliveryTimes = new WeakMap<Mailer, number[]>();

function typicalDeliveryMs(mailer: Mailer): number {
  const samples = [...(deliveryTimes.get(mailer) ?? [])].sort((a, b) => a - b);
  if (samples.length === 0) return mailer.kind === "smtp" ? 300 : 5;
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

/**
 * Sends `mail`, or, when the request earns no mail (a reset for an unknown address), waits
 * about as long as a delivery takes, so the answer's timing does not tell the two apart.
 * A failed delivery is logged and answered like a sent one (mail is asynchronous by nature).
 */
export async function deliver(mailer: Mailer, mail: MailMessage | null): Promise<void> {
  if (!mail) {
    const ms = typicalDeliveryMs(mailer) * (0.9 + Math.random() * 0.2);
    await new Promise((resolve) => setTimeout(resolve, ms));
    return;
  }
  const started = performance.now();
  try {
    await mailer.send(mail);
  } catch (error) {
    console.error(`mail delivery (${mailer.kind}) failed`, error);
  }
  const samples = deliveryTimes.get(mailer) ?? [];
  samples.push(performance.now() - started);
  if (samples.length > 15) samples.shift();
  deliveryTimes.set(mailer, samples);
}

// --- Codes ----------------------------------------------------------------------------------

/**
 * `POST /getEmailCode` (register) and `POST /getResetEmailCode` (reset). The answer is the same
 * for every address: an unknown address gets a register code, a known one a "you already have
 * an account" mail; a reset code goes only to an active account.
 */
export async function requestEmailCode(
  caller: Caller,
  input: { email: string; locale: Locale },
  purpose: "register" | "reset",
): Promise<EmailCodeResult> {
  const user = await findUserByEmail(caller.db, input.email);
  let kind: MailKind | null;
  if (purpose === "register") kind = user ? "exists" : "code";
  else kind = user?.status === "active" ? "reset" : null;
  return sendCode(caller, { ...input, purpose, kind });
}

/**
 * Sends the mail `kind` to `email` (with a new code when the kind carries one; nothing but the
 * usual wait when `kind` is null), answering alike in every case. Each request counts toward
 * the resend delay (60 s per address and purpose) and the hourly caps (5 per address, 30 per
 * client address).
 */
export async function sendCode(
  caller: Caller,
  input: { email: string; locale: Locale; purpose: CodePurpose; kind: MailKind | null },
): Promise<EmailCodeResult> {
  const { db, mailer } = caller;
  // Counted per client address, IPv6 by /64.
  const ip = caller.ip ? addressKey(caller.ip) : null;
  const { email, locale, purpose, kind } = input;
  const now = new Date();
  const code = kind === "code" || kind === "reset" || kind === "change" ? newCode() : "";

  const refusal = await db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const last = await lastRequestAt(tx, email, purpose);
    if (last && now.getTime() - last.getTime() < RESEND_MS) {
      const wait = Math.max(1, Math.ceil((last.getTime() + RESEND_MS - now.getTime()) / 1000));
      return retryAfter(`Please wait ${wait} seconds before requesting another code`, wait);
    }
    const hourAgo = new Date(now.getTime() - 3600_000);
    const perAddress = await requestsSince(tx, "email", email, hourAgo);
    const perIp = ip ? await requestsSince(tx, "ip", ip, hourAgo) : null;
    const full =
      perAddress.total >= MAILS_PER_HOUR
        ? perAddress
        : perIp && perIp.total >= CODE_REQUESTS_PER_HOUR_PER_IP
          ? perIp
          : null;
    if (full) {
      const oldest = full.oldest?.getTime() ?? now.getTime();
      const wait = Math.max(1, Math.ceil((oldest + 3600_000 - now.getTime()) / 1000));
      return retryAfter(`Too many codes requested, please try again in ${wait} seconds`, wait);
    }
    await insertRequest(tx, { email, purpose, ip, mailed: kind !== null, createdAt: now });
    if (code) {
      await retireCodes(tx, email, purpose, now);
      await insertCode(tx, {
        email,
        purpose,
        codeHash: hashCode(email, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
    }
    return null;
  });
  if (refusal) throw refusal;

  const site = kind ? await siteNameIn(db, locale) : "";
  await deliver(mailer, kind ? { to: email, ...composeMail(kind, locale, { code, site }) } : null);
  if (Math.random() < 0.1) await purgeStale(db, now).catch(() => {});
  return { resendAfterSeconds: RESEND_MS / 1000 };
}

/**
 * Checks a code inside a transaction without using it up: true when right; a wrong guess
 * counts, and the code is dead after 5 wrong guesses (the sixth guess fails even when right).
 */
export async function checkCode(
  tx: Db,
  email: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<{ id: string } | null> {
  const live = await findLiveCode(tx, email, purpose, now);
  if (!live || live.attempts >= CODE_MAX_WRONG) return null;
  if (!sameDigest(live.codeHash, hashCode(email, purpose, code))) {
    await countWrongAttempt(tx, live.id);
    return null;
  }
  return live;
}

/** Uses a code inside a transaction: true and consumed when right (see `checkCode`). */
export async function spendCode(
  tx: Db,
  email: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  const live = await checkCode(tx, email, purpose, code, now);
  if (!live) return false;
  await consumeCode(tx, live.id, now);
  return true;
}
