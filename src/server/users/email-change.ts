import type { Locale } from "../../i18n/core.ts";
import type { EmailCodeResult } from "../../shared/auth.ts";
import type { StoredUser } from "../../shared/user-info.ts";
import { badCode, type Caller, deliver, sendCode, spendCode } from "../auth/codes.ts";
import { decryptGivenPassword, verifyPassword } from "../auth/passwords.ts";
import { recordSuccess, reserveAttempt } from "../auth/throttle.ts";
import { ApiError } from "../http/errors.ts";
import { issueText } from "../http/validate.ts";
import { composeMail } from "../mail/messages.ts";
import { siteNameIn } from "../site-config/settings.ts";
import { findUserByEmail, findUserById, type UserRow, updateUser } from "./repository.ts";
import { isUniqueViolation, USER_MESSAGES } from "./service.ts";
import { toStoredUser } from "./view.ts";

/**
 * Changing the email address of an account takes two steps: the current password and a code
 * sent to the new address. The answer to the first step is the same whether the new address is
 * free or taken (a taken one gets a mail saying so, never a code), so nobody learns which
 * addresses have accounts; once the code is entered, the old address is told.
 */

export const EMAIL_CHANGE_MESSAGES = {
  codeSent: "If the address can be used, a code is on its way to it",
  changed: "Email changed",
} as const;

function fieldError(key: "validation.emailUnchanged" | "validation.emailNeedsCode"): ApiError {
  const text = issueText(key);
  return new ApiError(400, "validation", text.message, {
    details: { issues: [{ field: "email", ...text }] },
  });
}

/** A change asked for by `userId` is bound to that user: another user's code never fits. */
function purposeOf(userId: string) {
  return `change:${userId}` as const;
}

async function activeUser(caller: Caller, userId: string): Promise<UserRow> {
  const row = await findUserById(caller.db, userId);
  if (row?.status !== "active") throw new ApiError(401, "unauthorized", "Please log in");
  return row;
}

/**
 * `POST /requestEmailChange`: checks the current password (counted like a login attempt), then
 * mails a code to the new address, or, when that address has an account, a mail saying so.
 */
export async function requestEmailChange(
  caller: Caller,
  userId: string,
  input: { email: string; password: string; locale: Locale },
): Promise<EmailCodeResult> {
  const row = await activeUser(caller, userId);
  if (input.email === row.email) throw fieldError("validation.emailUnchanged");
  // Signed in already: counted per address, never held by the account's lock.
  const rules = await reserveAttempt(caller.db, row.email, caller.ip, true);
  const plain = await decryptGivenPassword(caller.db, input.password);
  if (!row.passwordHash || !(await verifyPassword(row.passwordHash, plain))) {
    throw new ApiError(400, "bad_request", USER_MESSAGES.wrongPassword, {
      issues: [
        { field: "password", message: USER_MESSAGES.wrongPassword, key: "profile.wrongPassword" },
      ],
    });
  }
  await recordSuccess(caller.db, rules);
  const taken = (await findUserByEmail(caller.db, input.email)) !== null;
  return sendCode(caller, {
    email: input.email,
    locale: input.locale,
    purpose: purposeOf(userId),
    kind: taken ? "changeTaken" : "change",
  });
}

/** `POST /confirmEmailChange`: the right code moves the account to the new address. */
export async function confirmEmailChange(
  caller: Caller,
  userId: string,
  input: { email: string; code: string; locale: Locale },
): Promise<StoredUser> {
  const now = new Date();
  let changed: { row: UserRow; old: string } | null;
  try {
    changed = await caller.db.transaction(async (tx) => {
      const current = await findUserById(tx, userId);
      if (current?.status !== "active") return null;
      if (!(await spendCode(tx, input.email, purposeOf(userId), input.code, now))) return null;
      const row = await updateUser(tx, userId, { email: input.email });
      return row ? { row, old: current.email } : null;
    });
  } catch (error) {
    // The address got an account between the code and now: the code can no longer be used.
    if (isUniqueViolation(error)) throw badCode();
    throw error;
  }
  if (!changed) throw badCode();
  await deliver(caller.mailer, {
    to: changed.old,
    ...composeMail("changed", input.locale, {
      email: input.email,
      site: await siteNameIn(caller.db, input.locale),
    }),
  });
  return toStoredUser(changed.row);
}
