import type { Messages } from "./en-US.ts";
import account from "./zh-CN/account.ts";
import auth from "./zh-CN/auth.ts";
import banners from "./zh-CN/banners.ts";
import bms from "./zh-CN/bms.ts";
import chat from "./zh-CN/chat.ts";
import comments from "./zh-CN/comments.ts";
import content from "./zh-CN/content.ts";
import editor from "./zh-CN/editor.ts";
import gallery from "./zh-CN/gallery.ts";
import labs from "./zh-CN/labs.ts";
import logs from "./zh-CN/logs.ts";
import mail from "./zh-CN/mail.ts";
import media from "./zh-CN/media.ts";
import mixlab from "./zh-CN/mixlab.ts";
import nav from "./zh-CN/nav.ts";
import overview from "./zh-CN/overview.ts";
import photos from "./zh-CN/photos.ts";
import settings from "./zh-CN/settings.ts";
import site from "./zh-CN/site.ts";

// Each part is typed by en-US's (`SiteMessages`, `BmsMessages`, …): the same keys, none more.
const zhCN: Messages = {
  ...site,
  ...auth,
  ...gallery,
  ...bms,
  ...content,
  ...editor,
  ...media,
  ...photos,
  ...banners,
  ...nav,
  ...logs,
  ...overview,
  ...account,
  ...settings,
  ...mixlab,
  ...comments,
  ...mail,
  ...chat,
  ...labs,
};

export default zhCN;
