import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  changePasswordSchema,
  confirmEmailChangeSchema,
  createUserSchema,
  deleteUsersSchema,
  listUsersQuerySchema,
  requestEmailChangeSchema,
  updateProfileSchema,
  updateUserSchema,
} from "../../shared/auth.ts";
import { largeBody } from "../http/body-limit.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { caller, requireAdmin, requireUser } from "../http/middleware.ts";
import { formBody, idParamSchema, jsonBody, pathParams, queryParams } from "../http/validate.ts";
import { AVATAR_MAX_BYTES, contentTypeOf, readAvatar, replaceAvatar } from "./avatar.ts";
import { confirmEmailChange, EMAIL_CHANGE_MESSAGES, requestEmailChange } from "./email-change.ts";
import {
  changePassword,
  createUser,
  deleteUsers,
  listUserPage,
  USER_MESSAGES,
  updateProfile,
  updateUserByAdmin,
} from "./service.ts";

/** What the account services need of a request: the database, the mail port, the address. */
function callerOf(c: Context<AppEnv>) {
  return { db: c.var.db, mailer: c.var.mailer, ip: c.var.clientIp };
}

/** The picture, as multipart form data in the field `file`. */
const avatarUploadSchema = z.object({
  file: z.instanceof(File, { message: "Send the picture as multipart form data, field file" }),
});

/** The one multipart body: a picture of at most 2 MB, with its form data around it. */
export const UPLOAD_LIMIT_BYTES = AVATAR_MAX_BYTES + 64 * 1024;

export const userRoutes = new Hono<AppEnv>()
  .post("/createUser", requireAdmin, jsonBody(createUserSchema), async (c) =>
    ok(c, await createUser(c.var.db, c.req.valid("json")), USER_MESSAGES.created),
  )
  .get("/getAllUsers", requireAdmin, queryParams(listUsersQuerySchema), async (c) =>
    ok(c, await listUserPage(c.var.db, c.req.valid("query"))),
  )
  .post("/deleteUsers", requireAdmin, jsonBody(deleteUsersSchema), async (c) =>
    ok(
      c,
      await deleteUsers(c.var.db, c.var.storage, caller(c).id, c.req.valid("json").ids),
      USER_MESSAGES.deleted,
    ),
  )
  .put(
    "/updateUsers/:id",
    requireAdmin,
    pathParams(idParamSchema),
    jsonBody(updateUserSchema),
    async (c) =>
      ok(
        c,
        await updateUserByAdmin(
          c.var.db,
          caller(c).id,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        USER_MESSAGES.updated,
      ),
  )
  .put("/updateProfile", requireUser, jsonBody(updateProfileSchema), async (c) =>
    ok(c, await updateProfile(c.var.db, caller(c).id, c.req.valid("json")), USER_MESSAGES.updated),
  )
  .post("/requestEmailChange", requireUser, jsonBody(requestEmailChangeSchema), async (c) =>
    ok(
      c,
      await requestEmailChange(callerOf(c), caller(c).id, c.req.valid("json")),
      EMAIL_CHANGE_MESSAGES.codeSent,
    ),
  )
  .post("/confirmEmailChange", requireUser, jsonBody(confirmEmailChangeSchema), async (c) =>
    ok(
      c,
      await confirmEmailChange(callerOf(c), caller(c).id, c.req.valid("json")),
      EMAIL_CHANGE_MESSAGES.changed,
    ),
  )
  .post("/changePassword", requireUser, jsonBody(changePasswordSchema), async (c) => {
    await changePassword(
      { db: c.var.db, ip: c.var.clientIp },
      caller(c).id,
      c.var.tokenHash,
      c.req.valid("json"),
    );
    return ok(c, null, USER_MESSAGES.passwordChanged);
  })
  .post(
    "/uploadAvatar",
    requireUser,
    largeBody(UPLOAD_LIMIT_BYTES),
    formBody(avatarUploadSchema),
    async (c) =>
      ok(
        c,
        await replaceAvatar(c.var.db, c.var.storage, caller(c).id, c.req.valid("form").file),
        "Saved",
      ),
  )
  .get("/avatars/:name", async (c) => {
    const name = c.req.param("name");
    const bytes = await readAvatar(c.var.storage, name);
    // The one answer that is not an envelope: the picture itself (names are never reused).
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": contentTypeOf(name),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    });
  });
