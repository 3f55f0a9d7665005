import { type Context, Hono } from "hono";
import {
  getEmailCodeSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  sessionIdParamSchema,
  verifyEmailCodeSchema,
} from "../../shared/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { caller, requireUser } from "../http/middleware.ts";
import {
  LOGIN_STRANGERS,
  REGISTER_RATE,
  rateLimit,
  rateLimited,
  VERIFY_CODE_RATE,
} from "../http/rate-limit.ts";
import { jsonBody, pathParams } from "../http/validate.ts";
import { whileOpen } from "../site-config/settings.ts";
import { type Caller, MESSAGES, requestEmailCode } from "./codes.ts";
import { encryptionKey } from "./keys.ts";
import {
  endOtherSessions,
  endSession,
  identity,
  login,
  logout,
  register,
  resetPassword,
  sessionsOf,
  verifyResetCode,
} from "./service.ts";

/** Who asks, as the services see a visitor: the database, the mailer, the address, the browser. */
const visitor = (c: Context<AppEnv>): Caller => ({
  db: c.var.db,
  mailer: c.var.mailer,
  ip: c.var.clientIp,
  userAgent: c.req.header("user-agent") ?? null,
});

export const authRoutes = new Hono<AppEnv>()
  .get("/encryption-key", async (c) => ok(c, await encryptionKey(c.var.db)))
  .post("/getEmailCode", whileOpen("registrationOpen"), jsonBody(getEmailCodeSchema), async (c) =>
    ok(c, await requestEmailCode(visitor(c), c.req.valid("json"), "register"), MESSAGES.codeSent),
  )
  .post("/getResetEmailCode", jsonBody(getEmailCodeSchema), async (c) =>
    ok(c, await requestEmailCode(visitor(c), c.req.valid("json"), "reset"), MESSAGES.codeSent),
  )
  .post(
    "/register",
    whileOpen("registrationOpen"),
    rateLimit(REGISTER_RATE),
    jsonBody(registerSchema),
    async (c) => ok(c, await register(visitor(c), c.req.valid("json")), MESSAGES.registered),
  )
  .post("/login", jsonBody(loginSchema), async (c) => {
    // Browsers and addresses new to the account share one budget of password checks.
    const admitStranger = () => {
      const wait = c.var.buckets.take("login:strangers", LOGIN_STRANGERS);
      if (wait > 0) throw rateLimited(wait);
    };
    return ok(c, await login(visitor(c), c.req.valid("json"), admitStranger), MESSAGES.loggedIn);
  })
  .post("/logOutUser", async (c) => {
    await logout(c.var.db, c.var.tokenHash);
    return ok(c, null, MESSAGES.loggedOut);
  })
  // --- The caller's own sessions: where they are signed in, and signing out of them
  .get("/sessions", requireUser, async (c) =>
    ok(c, await sessionsOf(c.var.db, caller(c).id, c.var.tokenHash)),
  )
  .delete("/sessions/:id", requireUser, pathParams(sessionIdParamSchema), async (c) =>
    ok(c, await endSession(c.var.db, caller(c).id, c.req.valid("param").id), MESSAGES.loggedOut),
  )
  .post("/sessions/revoke-others", requireUser, async (c) =>
    ok(c, await endOtherSessions(c.var.db, caller(c).id, c.var.tokenHash), MESSAGES.loggedOut),
  )
  .post(
    "/verifyEmailCode",
    rateLimit(VERIFY_CODE_RATE),
    jsonBody(verifyEmailCodeSchema),
    async (c) =>
      ok(c, await verifyResetCode(visitor(c), c.req.valid("json")), MESSAGES.codeVerified),
  )
  .post("/resetPassword", jsonBody(resetPasswordSchema), async (c) => {
    await resetPassword(visitor(c), c.req.valid("json"));
    return ok(c, null, MESSAGES.passwordReset);
  })
  .get("/verifyIdentity", async (c) => ok(c, await identity(c.var.db, c.var.user)));
