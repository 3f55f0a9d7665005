/** localStorage keys (SPEC.md sections 2 and 3; the locale key is ours, the spec names none). */
export const STORAGE_KEYS = {
  theme: "app-theme",
  userInfo: "user-info",
  locale: "app-locale",
  /**
   * This browser's login id, sent with each login: a browser that signed in to an account before
   * is not held by that account's lock (src/server/auth/throttle.ts).
   */
  loginDevice: "login-device",
  /** The conversation of /d-chat (src/islands/chat/conversation.ts). */
  chat: "d-chat",
  /** A one-time notice for the next page of this tab (sessionStorage: src/stores/notice.ts). */
  notice: "app-notice",
} as const;
