import type { GalleryMessages } from "../en-US.ts";

/** The photo gallery's messages (`/image-library`, its albums and photo pages). */
const gallery: GalleryMessages = {
  gallery: {
    title: "相册",
    intro:
      "精选照片在前，其余按时间由新到旧。点开一张可以看它的故事和拍摄参数，也可以按相册、标签或年份浏览。",
    albums: "相册集",
    album: "相册集",
    tags: "标签",
    years: "年份",
    all: "全部",
    filters: "筛选照片",
    photos: "照片",
    onePhoto: "1 张照片",
    photoCount_one: "{{count}} 张照片",
    photoCount_other: "{{count}} 张照片",
    albumTitle: "相册集：{{name}}",
    taggedWith: "标签为“{{name}}”的照片",
    fromYear: "{{year}} 年的照片",
    none: "这里还没有照片。",
    taken: "拍摄于",
    published: "发布于",
    place: "地点",
    credit: "署名",
    facts: "拍摄参数",
    camera: "相机",
    lens: "镜头",
    focalLength: "焦距",
    aperture: "光圈",
    shutter: "快门",
    iso: "感光度",
    focalValue: "{{mm}} 毫米",
    shutterValue: "{{shutter}} 秒",
    noFacts: "这张照片没有记录拍摄参数。",
    back: "返回相册",
    openPage: "打开这张照片的页面",
    close: "关闭（Esc）",
    zoom: "缩放",
    previous: "上一张",
    next: "下一张",
    loadError: "照片加载失败。",
  },
};

export default gallery;
