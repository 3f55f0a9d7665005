import type { AccountMessages } from "../en-US.ts";

/** 后台里管理员自己的账号（`/bms/userSet`）。 */
const account: AccountMessages = {
  bmsAccount: {
    sessions: "已登录的设备",
    sessionsAbout: "你登录过的每个浏览器，最新的在前。不再使用或不认识的，可以让它退出登录。",
    loading: "正在加载登录记录…",
    signedIn: "{{time}} 登录",
    until: "有效期至 {{time}}",
    unknownBrowser: "未知的浏览器",
    unknownAddress: "地址未知",
    thisBrowser: "当前浏览器",
    signOut: "退出登录",
    signOutOthers: "退出其他所有设备",
    ended: "已让该浏览器退出登录。",
    endedOthers: "其他设备已全部退出：现在只有当前浏览器处于登录状态。",
  },
};

export default account;
