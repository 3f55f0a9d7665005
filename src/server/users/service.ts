import type { Page, UserRecord } from "../../shared/auth.ts";
import { isReservedUserName } from "../../shared/auth-rules.ts";
import type { StoredUser } from "../../shared/user-info.ts";
import {
  decryptGivenPassword,
  decryptNewPassword,
  hashPassword,
  verifyPassword,
} from "../auth/passwords.ts";
import { revokeUserSessions } from "../auth/sessions.ts";
import { recordSuccess, reserveAttempt } from "../auth/throttle.ts";
import type { Db } from "../db/client.ts";
import { answerPage, type PageQuery } from "../db/queries.ts";
import { ApiError } from "../http/errors.ts";
import { issueText } from "../http/validate.ts";
import type { Storage } from "../storage/storage.ts";
import { dropAvatars } from "./avatar.ts";
import {
  deleteUsersById,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  type UserFilter,
  type UserPatch,
  type UserRow,
  updateUser,
} from "./repository.ts";
import { toStoredUser, toUserRecord } from "./view.ts";

// The rows other domains read and write (sign-up, password reset, the demo's owner) go through
// this service, never the repository itself.
export { findUserByEmail, findUserById, insertUser, updateUser };

export const USER_MESSAGES = {
  emailTaken: "This email address is already registered",
  noSuchUser: "No such user",
  notYourself: "You cannot delete your own account",
  notDemoteYourself: "You cannot demote or disable yourself",
  wrongPassword: "The current password is incorrect",
  created: "User created",
  updated: "Saved",
  deleted: "Users deleted",
  passwordChanged: "Password changed",
} as const;

function emailTaken(): ApiError {
  return new ApiError(409, "conflict", USER_MESSAGES.emailTaken);
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (typeof e === "object" && (e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** The profile fields as the API names them, mapped to the row. */
interface ProfileInput {
  email?: string | undefined;
  userName?: string | undefined;
  desc?: string | undefined;
  sex?: string | undefined;
  birthday?: string | null | undefined;
  avatar?: string | undefined;
  role?: string | undefined;
  status?: string | undefined;
}

function toPatch(input: ProfileInput): UserPatch {
  const patch: UserPatch = {};
  if (input.email !== undefined) patch.email = input.email;
  if (input.userName !== undefined) patch.userName = input.userName;
  if (input.desc !== undefined) patch.description = input.desc;
  if (input.sex !== undefined) patch.sex = input.sex;
  if (input.birthday !== undefined) patch.birthday = input.birthday;
  if (input.avatar !== undefined) patch.avatar = input.avatar;
  if (input.role !== undefined) patch.role = input.role;
  if (input.status !== undefined) patch.status = input.status;
  return patch;
}

// --- Admin ----------------------------------------------------------------------------------

export async function createUser(
  db: Db,
  input: { email: string; userName: string; password: string; role: string; status: string },
): Promise<UserRecord> {
  const plain = await decryptNewPassword(db, input.password);
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  const row = await insertUser(db, {
    email: input.email,
    userName: input.userName,
    passwordHash: await hashPassword(plain),
    role: input.role,
    status: input.status,
  });
  if (!row) throw emailTaken();
  return toUserRecord(row);
}

export async function listUserPage(
  db: Db,
  query: UserFilter & PageQuery,
): Promise<Page<UserRecord>> {
  return answerPage(query, await listUsers(db, query), toUserRecord);
}

/** Deletes users (their sessions go with them, so they are logged out at once) and their avatars. */
export async function deleteUsers(
  db: Db,
  storage: Storage,
  actorId: string,
  ids: string[],
): Promise<{ deleted: number; ids: string[]; names: string[] }> {
  const unique = [...new Set(ids)];
  if (unique.includes(actorId)) throw new ApiError(400, "bad_request", USER_MESSAGES.notYourself);
  const deleted = await deleteUsersById(db, unique);
  await dropAvatars(
    storage,
    deleted.map((row) => row.avatar),
  );
  return {
    deleted: deleted.length,
    ids: deleted.map((row) => row.id),
    names: deleted.map((row) => row.userName),
  };
}

/** `PUT /updateUsers/{id}`: disabling revokes every session; a role change is read live. */
export async function updateUserByAdmin(
  db: Db,
  actorId: string,
  id: string,
  input: ProfileInput,
): Promise<UserRecord> {
  if (
    id === actorId &&
    ((input.role !== undefined && input.role !== "admin") || input.status === "disabled")
  ) {
    throw new ApiError(400, "bad_request", USER_MESSAGES.notDemoteYourself);
  }
  const row = await db.transaction(async (tx) => {
    const updated = await updateUser(tx, id, toPatch(input));
    if (updated && input.status === "disabled") await revokeUserSessions(tx, id);
    return updated;
  });
  if (!row) throw new ApiError(404, "not_found", USER_MESSAGES.noSuchUser);
  return toUserRecord(row);
}

// --- The logged-in user ---------------------------------------------------------------------

async function activeUser(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (row?.status !== "active") throw new ApiError(401, "unauthorized", "Please log in");
  return row;
}

/**
 * `PUT /updateProfile`. The email may be sent as it is; a new one is refused with a field error:
 * it changes only through `requestEmailChange` and the code sent to it.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: ProfileInput,
): Promise<StoredUser> {
  const current = await activeUser(db, userId);
  if (input.userName !== undefined && current.role !== "admin") {
    if (isReservedUserName(input.userName) && input.userName !== current.userName) {
      const text = issueText("validation.userNameReserved");
      throw new ApiError(400, "validation", text.message, {
        details: { issues: [{ field: "userName", ...text }] },
      });
    }
  }
  const patch = toPatch({
    email: input.email,
    userName: input.userName,
    desc: input.desc,
    sex: input.sex,
    birthday: input.birthday,
  });
  if (patch.email !== undefined && patch.email !== current.email) {
    const text = issueText("validation.emailNeedsCode");
    throw new ApiError(400, "validation", text.message, {
      details: { issues: [{ field: "email", ...text }] },
    });
  }
  delete patch.email;
  const row = await updateUser(db, userId, patch);
  if (!row) throw new ApiError(401, "unauthorized", "Please log in");
  return toStoredUser(row);
}

/**
 * `POST /changePassword`: the current password is checked (and a wrong one counts toward the
 * login throttle); success revokes every other session of the user.
 */
export async function changePassword(
  caller: { db: Db; ip: string | null },
  userId: string,
  currentTokenHash: string | null,
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  const { db } = caller;
  const row = await activeUser(db, userId);
  const newPlain = await decryptNewPassword(db, input.newPassword, "newPassword");
  // Signed in already: counted per address, never held by the account's lock.
  const rules = await reserveAttempt(db, row.email, caller.ip, true);
  const oldPlain = await decryptGivenPassword(db, input.oldPassword);
  if (!row.passwordHash || !(await verifyPassword(row.passwordHash, oldPlain))) {
    throw new ApiError(400, "bad_request", USER_MESSAGES.wrongPassword, {
      issues: [
        {
          field: "oldPassword",
          message: USER_MESSAGES.wrongPassword,
          key: "profile.wrongPassword",
        },
      ],
    });
  }
  await recordSuccess(db, rules);
  const passwordHash = await hashPassword(newPlain);
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash });
    await revokeUserSessions(tx, userId, currentTokenHash ?? undefined);
  });
}
