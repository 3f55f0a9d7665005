import { STORAGE_KEYS } from "./storage-keys.ts";

/** The stored user info, exactly SPEC.md section 3's shape. */
export interface StoredUser {
  isLogin: boolean;
  avatar: string;
  email: string;
  role: string;
  status: string;
  userName: string;
  createdAt: string;
  updatedAt: string;
  sex: "male" | "female" | "secret";
  birthday: string | null;
  desc: string;
  _id: string;
}

export interface UserInfo {
  token: string;
  user: StoredUser;
}

const STRING_FIELDS = [
  "avatar",
  "email",
  "role",
  "status",
  "userName",
  "createdAt",
  "updatedAt",
  "desc",
  "_id",
] as const;

/** Every field of the stored user: what the server answers for a user, no more and no less. */
export const STORED_USER_FIELDS = [
  "isLogin",
  ...STRING_FIELDS,
  "sex",
  "birthday",
] as const satisfies ReadonlyArray<keyof StoredUser>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Checks a parsed value against the shape above (hand-written: zod stays out of the browser bundle). */
export function isUserInfo(value: unknown): value is UserInfo {
  if (!isObject(value) || typeof value.token !== "string" || !isObject(value.user)) return false;
  const user = value.user;
  return (
    typeof user.isLogin === "boolean" &&
    STRING_FIELDS.every((field) => typeof user[field] === "string") &&
    (user.sex === "male" || user.sex === "female" || user.sex === "secret") &&
    (user.birthday === null || typeof user.birthday === "string")
  );
}

/** Reads the stored user info; anything missing or malformed counts as logged out. */
export function readUserInfo(storage: Pick<Storage, "getItem"> | undefined): UserInfo | null {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.userInfo);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isUserInfo(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
