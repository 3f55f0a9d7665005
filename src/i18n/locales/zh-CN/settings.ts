import type { SettingsMessages } from "../en-US.ts";

/**
 * 网站设置：后台的表单（`bmsSettings`，放在 /bms/userSet）、其下 AI 问答服务商的表单（`bmsAi`），
 * 再下面的全部导出（`bmsBackup`），与注册或反馈关闭时访客看到的话（`siteSettings`）。
 */
const settings: SettingsMessages = {
  bmsSettings: {
    heading: "网站设置",
    intro: "网站的名称与简介、关于页上的作者卡片，以及访客可以做什么。保存后网站会重新构建。",
    loading: "正在载入设置…",
    loadFailed: "设置载入失败。",
    site: "网站",
    titleZh: "网站名称（中文）",
    titleEn: "网站名称（英文）",
    taglineZh: "标语（中文）",
    taglineEn: "标语（英文）",
    descriptionZh: "简介（中文）",
    descriptionEn: "简介（英文）",
    descriptionHint: "搜索引擎与链接预览对没有自身简介的页面显示的文字。",
    author: "作者",
    authorHint: "填写名字后，首页和关于页会显示作者卡片。",
    authorNameZh: "名字（中文）",
    authorNameEn: "名字（英文）",
    authorBioZh: "简短介绍（中文）",
    authorBioEn: "简短介绍（英文）",
    avatar: "头像",
    noAvatar: "不用头像",
    links: "社交链接",
    linksHint: "最多 {{max}} 个，每个都是 http:// 或 https:// 地址。",
    linkLabel: "链接 {{n}} 的名称",
    linkUrl: "链接 {{n}} 的地址",
    addLink: "添加链接",
    removeLink: "删除链接 {{n}}",
    visitors: "访客",
    registrationOpen: "任何人都可以注册账号",
    feedbackOpen: "访客可以发送反馈（每页的反馈按钮）",
    commentsOpen: "读者可以在文章、随笔和章节下评论",
    guestComments: "访客可以填写称呼和邮箱评论（首条评论需审核）",
    commentBlocklist: "评论屏蔽列表",
    commentBlocklistHint:
      "每行一个词或地址（地址可写成网段，如 203.0.113.0/24）。含有其中之一的评论直接进入垃圾评论。",
    commentMail: "待审核评论的邮件通知",
    commentMailModes: { each: "每条评论一封", daily: "每天一封汇总" },
    defaultLocale: "首次访问的语言",
    defaultLocaleHint: "访客未选择语言、浏览器语言也既非中文又非英文时使用。",
    languages: { "zh-CN": "中文", "en-US": "英文" },
    save: "保存设置",
    saving: "正在保存设置…",
    saved: "设置已保存，网站正在按新设置重新构建。",
    neverSaved: "尚未保存过：网站使用这些默认值。",
    savedAt: "上次保存于 {{time}}。",
    changedElsewhere:
      "这些设置已在别处于 {{time}} 保存。重新载入以查看已保存的内容；此处的修改将会丢失。",
    reload: "重新载入设置",
    problems: {
      titleRequired: "请填写两种语言的网站名称。",
      titleTooLong: "名称太长（最多 60 个字符）。",
      taglineTooLong: "标语太长（最多 160 个字符）。",
      descriptionTooLong: "简介太长（最多 300 个字符）。",
      authorNameTooLong: "名字太长（最多 60 个字符）。",
      authorBioTooLong: "介绍太长（最多 500 个字符）。",
      avatarNotLibrary: "请从媒体库中选择图片。",
      avatarMissing: "这张图片已不在媒体库中，请另选一张。",
      linkLabelRequired: "请为链接起个名称。",
      linkLabelTooLong: "名称太长（最多 40 个字符）。",
      linkUrlInvalid: "请输入 http:// 或 https:// 地址。",
      tooManyLinks: "最多 8 个链接。",
    },
  },
  bmsAi: {
    heading: "AI 问答",
    intro:
      "回答问答页上提问的语言模型：任何兼容 OpenAI 的 API（OpenAI、DeepSeek、通义千问、本地的 Ollama 或 vLLM）。留空的项使用服务器环境变量中的设置。",
    loading: "正在载入 AI 设置…",
    loadFailed: "AI 设置载入失败。",
    configured: "问答使用 {{baseUrl}} 上的模型 {{model}} 回答。",
    notConfigured: "尚未配置模型：问答只引用博客中的相关段落作答。填写地址与模型后，它会生成回答。",
    neverSaved: "此处尚未保存过：问答使用环境变量中的设置。",
    savedAt: "上次保存于 {{time}}。",
    provider: "服务商",
    baseUrl: "服务商地址（Base URL）",
    baseUrlHint:
      "例如 https://api.openai.com/v1、https://api.deepseek.com/v1，本地 Ollama 则是 http://127.0.0.1:11434/v1。",
    model: "模型",
    modelHint: "服务商所用的对话模型名称，例如 gpt-4o-mini 或 deepseek-chat。",
    embeddingModel: "向量模型（可选）",
    embeddingModelHint:
      "服务商提供向量（embeddings）时，用它按语义而不只按字词查找段落（例如 text-embedding-3-small）。",
    fromEnv: "留空时：{{value}}，来自环境变量（{{name}}）。",
    key: "API 密钥",
    newKey: "新密钥",
    keyHint: "输入密钥后保存，会替换已存的密钥；留空则保留已存的密钥。",
    keyStored: "已存一个以 …{{hint}} 结尾的密钥。",
    keyStoredNoHint: "已存一个密钥。",
    noKey: "未存密钥。",
    keyFromEnv: "此处未存密钥：使用环境变量（AI_API_KEY）中的密钥。",
    keyUnreadableHint:
      "已存一个以 …{{hint}} 结尾的密钥，但无法读取：保存后服务器的密钥（APP_SECRET）已更改。请重新输入密钥。",
    keyUnreadable:
      "已存一个密钥，但无法读取：保存后服务器的密钥（APP_SECRET）已更改。请重新输入密钥。",
    noSecret:
      "这台服务器没有用来保管密钥的 APP_SECRET，因此无法在此保存密钥。请在服务器上设置 APP_SECRET，或把密钥设为环境变量 AI_API_KEY。",
    removeKey: "保存时删除已存的密钥",
    save: "保存 AI 设置",
    saving: "正在保存 AI 设置…",
    saved: "AI 设置已保存，下一个问题起生效。",
    test: "测试连接",
    testing: "正在请模型回答一个词…",
    tested: "连接成功：模型在 {{ms}} 毫秒内作答。",
    testFailed: "无法连接：{{reason}}。",
    lastFailure:
      "{{time}} 有读者提问时模型出错（{{reason}}），读者改为看到博客里的相关段落。请测试连接后保存。",
    problems: {
      baseUrlInvalid: "请输入 http:// 或 https:// 地址，或留空。",
      baseUrlTooLong: "地址太长（最多 300 个字符）。",
      modelInvalid: "只能使用字母、数字和 . : / @ - _。",
      modelTooLong: "名称太长（最多 100 个字符）。",
      keyInvalid: "密钥只能包含可打印字符，不能有空格。",
      keyTooLong: "密钥太长（最多 400 个字符）。",
      noSecret:
        "这台服务器没有用来保管密钥的 APP_SECRET：请在服务器上设置 APP_SECRET，或把密钥设为环境变量 AI_API_KEY。",
    },
  },
  bmsBackup: {
    heading: "导出全部内容",
    intro:
      "把整个网站打包成一个压缩档：所有文章、随笔、书稿和照片（按 content/ 文件夹的结构存成 Markdown）、图片、分类、轮播图、导航、设置、用户（不含密码）、反馈和操作日志。在服务器上运行 npm run import 可以把它恢复到一个新的数据库。",
    download: "下载压缩档",
    working: "正在打包…",
    done: "已下载 {{file}}。",
  },
  siteSettings: {
    registrationClosed: "目前暂不开放注册新账号。",
    feedbackClosed: "目前暂不接收反馈。",
  },
};

export default settings;
