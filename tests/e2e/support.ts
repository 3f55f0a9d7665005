import type { APIRequestContext, Page } from "@playwright/test";
import { encryptPassword, importPublicKey } from "../../src/shared/password-crypto.ts";
import type { UserInfo } from "../../src/shared/user-info.ts";

export type Locale = "zh-CN" | "en-US";
export type Theme = "light" | "dark";

export const adminInfo = {
  token: "t".repeat(43),
  user: {
    isLogin: true,
    avatar: "",
    email: "owner@example.com",
    role: "admin",
    status: "active",
    userName: "owner",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    sex: "secret",
    birthday: null,
    desc: "",
    _id: "00000000-0000-4000-8000-000000000001",
  },
};
export const readerInfo = {
  ...adminInfo,
  user: { ...adminInfo.user, role: "user", userName: "reader", email: "reader@example.com" },
};

/** Stores preferences before any page script runs, as a returning visitor would have them. */
export async function prefer(
  page: Page,
  options: { locale?: Locale; theme?: Theme; user?: unknown },
) {
  await page.addInitScript((o) => {
    // Once per tab, so what the page later changes (a logout, a switch) is not undone on reload.
    if (sessionStorage.getItem("e2e-seeded")) return;
    sessionStorage.setItem("e2e-seeded", "1");
    if (o.locale) localStorage.setItem("app-locale", o.locale);
    if (o.theme) localStorage.setItem("app-theme", o.theme);
    if (o.user) localStorage.setItem("user-info", JSON.stringify(o.user));
  }, options);
}

/**
 * The page has loaded its scripts. Islands hydrate on first interaction (client:interaction
 * replays a click made while loading) or at once for a logged-in visitor (client:signedin).
 */
export async function hydrated(page: Page) {
  await page.waitForLoadState("load");
}

/** Serves a fresh RSA-OAEP public key at /api/encryption-key, as the server would. */
export async function mockEncryptionKey(page: Page) {
  const pair = await crypto.subtle.generateKey(
    {
      name: "RSA-OAEP",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["encrypt", "decrypt"],
  );
  const spki = Buffer.from(await crypto.subtle.exportKey("spki", pair.publicKey)).toString(
    "base64",
  );
  await page.route("**/api/encryption-key", (route) =>
    route.fulfill({
      json: { code: 200, message: "OK", data: { algorithm: "RSA-OAEP-256", publicKey: spki } },
    }),
  );
}

/** The demo admin the embedded database is seeded with (never in production). */
export const DEMO_ADMIN = { email: "admin@example.com", password: "TwoInks-2026!" };

/** Logs in through the API, the password encrypted with the server's key as a browser does it. */
export async function logInByApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<UserInfo> {
  const key = (await (await request.get("/api/encryption-key")).json()) as {
    data: { publicKey: string };
  };
  const sealed = await encryptPassword(await importPublicKey(key.data.publicKey), password);
  const login = await request.post("/api/login", { data: { email, password: sealed } });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  return ((await login.json()) as { data: UserInfo }).data;
}
