import type { Messages } from "./en-US.ts";

const zhCN: Messages = {
  site: {
    name: "双墨",
    tagline: "关于代码、读书与日常的笔记，中英双语。",
    version: "版本 {{version}}",
    skipToContent: "跳到正文",
  },
  home: {
    title: "首页",
    intro: "一个用两种语言写成的个人博客。文章、随笔、照片和读书笔记，写好了就会出现在这里。",
    feedbackHint: "发现问题或有什么想法？点右下角的反馈按钮，直接告诉作者。",
  },
  notFound: {
    title: "页面不存在",
    body: "这个地址上什么也没有。它可能已经搬走了，也可能是链接写错了。",
    home: "返回首页",
  },
  backToTop: "回到顶部",
  feedback: {
    trigger: "反馈",
    title: "意见反馈",
    close: "关闭",
    type: "反馈类型",
    types: {
      bug: "问题反馈",
      suggestion: "功能建议",
      praise: "表扬",
      other: "其他",
    },
    subject: "主题",
    subjectPlaceholder: "简要概括",
    description: "详细描述",
    descriptionPlaceholder: "发生了什么，或者你希望看到什么？",
    screenshots: "截图（可选，最多 {{max}} 张）",
    addScreenshot: "添加截图",
    screenshotsClosed: "截图上传功能暂未开放。",
    contact: "联系方式（可选）",
    contactPlaceholder: "邮箱或手机号，方便回复你",
    required: "必填",
    cancel: "取消",
    submit: "提交",
    submitting: "提交中…",
    thanks: "感谢你的反馈！已成功提交。",
    failed: "提交失败，请稍后重试",
    errors: {
      subject: "请输入主题",
      description: "请填写详细描述",
      contact: "请输入有效的邮箱或手机号",
      tooLong: "请不要超过 {{max}} 个字符",
    },
    counter: "{{count}} / {{max}}",
  },
};

export default zhCN;
