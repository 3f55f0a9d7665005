import { z } from "zod";
import { STORAGE_KEYS } from "./storage-keys.ts";

/** The stored user info, exactly SPEC.md section 3's shape. */
export const storedUserSchema = z.object({
  isLogin: z.boolean(),
  avatar: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  userName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sex: z.enum(["male", "female", "secret"]),
  birthday: z.string().nullable(),
  desc: z.string(),
  _id: z.string(),
});

export const userInfoSchema = z.object({ token: z.string(), user: storedUserSchema });
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Reads the stored user info; anything missing or malformed counts as logged out. */
export function readUserInfo(storage: Pick<Storage, "getItem"> | undefined): UserInfo | null {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.userInfo);
    if (!raw) return null;
    const parsed = userInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
