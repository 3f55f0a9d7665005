import type { BannersMessages } from "../en-US.ts";

/** 首页横幅（轮播）和后台的横幅设置（`/bms/bannerSet`）。 */
const banners: BannersMessages = {
  banners: {
    label: "推荐",
    slide: "第 {{index}} 张，共 {{count}} 张",
    previous: "上一张横幅",
    next: "下一张横幅",
    pause: "暂停轮播",
    play: "继续轮播",
    choose: "选择横幅",
    show: "显示第 {{index}} 张横幅（共 {{count}} 张）",
  },
};

export default banners;
