/**
 * The site's settings: the back office's form (`bmsSettings`, placed in /bms/userSet), the AI
 * chat's provider's form below it (`bmsAi`), the export of everything below that (`bmsBackup`),
 * and what a visitor reads while registration or feedback is closed (`siteSettings`).
 */
const settings = {
  bmsSettings: {
    heading: "Site settings",
    intro:
      "The site's name and description, the author's card on the about page, and what visitors may do. Saving rebuilds the site.",
    loading: "Loading the settings…",
    loadFailed: "The settings could not be loaded.",
    site: "The site",
    titleZh: "Site name (Chinese)",
    titleEn: "Site name (English)",
    taglineZh: "Tagline (Chinese)",
    taglineEn: "Tagline (English)",
    descriptionZh: "Description (Chinese)",
    descriptionEn: "Description (English)",
    descriptionHint:
      "What search engines and link previews show for pages without a description of their own.",
    author: "The author",
    authorHint: "Shown as a card on the home page and the about page once it has a name.",
    authorNameZh: "Name (Chinese)",
    authorNameEn: "Name (English)",
    authorBioZh: "Short bio (Chinese)",
    authorBioEn: "Short bio (English)",
    avatar: "Picture",
    noAvatar: "No picture",
    links: "Social links",
    linksHint: "Up to {{max}}, each an http:// or https:// address.",
    linkLabel: "Name of link {{n}}",
    linkUrl: "Address of link {{n}}",
    addLink: "Add a link",
    removeLink: "Remove link {{n}}",
    visitors: "Visitors",
    registrationOpen: "Anyone may register an account",
    feedbackOpen: "Visitors may send feedback (the button on every page)",
    commentsOpen: "Readers may comment under articles, notes and chapters",
    guestComments: "Guests may comment with a name and an email (their first comment waits)",
    commentBlocklist: "Comment blocklist",
    commentBlocklistHint:
      "Words and addresses, one a line (an address may be a range: 203.0.113.0/24). A comment holding one goes to spam unseen.",
    commentMail: "Mail me about comments that wait",
    commentMailModes: { each: "One mail for each", daily: "A digest once a day" },
    defaultLocale: "Language of a first visit",
    defaultLocaleHint:
      "For a visitor who has chosen none and whose browser speaks neither Chinese nor English.",
    languages: { "zh-CN": "Chinese", "en-US": "English" },
    save: "Save settings",
    saving: "Saving the settings…",
    saved: "Settings saved. The site is being rebuilt with them.",
    neverSaved: "Nothing saved yet: the site uses these defaults.",
    savedAt: "Last saved {{time}}.",
    changedElsewhere:
      "These settings were saved elsewhere at {{time}}. Reload them to see what is saved; your changes here will be lost.",
    reload: "Reload the settings",
    problems: {
      titleRequired: "Enter the site's name in both languages.",
      titleTooLong: "The name is too long (at most 60 characters).",
      taglineTooLong: "The tagline is too long (at most 160 characters).",
      descriptionTooLong: "The description is too long (at most 300 characters).",
      authorNameTooLong: "The name is too long (at most 60 characters).",
      authorBioTooLong: "The bio is too long (at most 500 characters).",
      avatarNotLibrary: "Choose a picture from the media library.",
      avatarMissing: "This picture is no longer in the media library; choose another.",
      linkLabelRequired: "Give the link a name.",
      linkLabelTooLong: "The name is too long (at most 40 characters).",
      linkUrlInvalid: "Enter an http:// or https:// address.",
      tooManyLinks: "At most 8 links.",
    },
  },
  bmsAi: {
    heading: "AI chat",
    intro:
      "The language model that answers questions on the chat page: any OpenAI-compatible API (OpenAI, DeepSeek, Qwen, a local Ollama or vLLM). A field left empty takes what the server's environment sets.",
    loading: "Loading the AI settings…",
    loadFailed: "The AI settings could not be loaded.",
    configured: "The chat answers with the model {{model}} at {{baseUrl}}.",
    notConfigured:
      "No model is configured: the chat answers with quoted passages from the blog only. Give an address and a model to have it write answers.",
    neverSaved: "Nothing saved here yet: the chat uses what the environment sets.",
    savedAt: "Last saved {{time}}.",
    provider: "Provider",
    baseUrl: "Provider address (base URL)",
    baseUrlHint:
      "For example https://api.openai.com/v1, https://api.deepseek.com/v1, or http://127.0.0.1:11434/v1 for a local Ollama.",
    model: "Model",
    modelHint:
      "The chat model's name as the provider spells it, such as gpt-4o-mini or deepseek-chat.",
    embeddingModel: "Embedding model (optional)",
    embeddingModelHint:
      "Used to find passages by meaning as well as by their words, when the provider offers embeddings (such as text-embedding-3-small).",
    fromEnv: "Left empty: {{value}}, from the environment ({{name}}).",
    key: "API key",
    newKey: "New key",
    keyHint:
      "Typing a key replaces the stored one when you save; left empty, the stored key is kept.",
    keyStored: "A key ending in …{{hint}} is stored.",
    keyStoredNoHint: "A key is stored.",
    noKey: "No key stored.",
    keyFromEnv: "No key stored here: the key set in the environment (AI_API_KEY) is used.",
    keyUnreadableHint:
      "A key ending in …{{hint}} is stored, but it cannot be read: the server's secret (APP_SECRET) has changed since it was saved. Enter the key again.",
    keyUnreadable:
      "A key is stored, but it cannot be read: the server's secret (APP_SECRET) has changed since it was saved. Enter the key again.",
    noSecret:
      "This server has no APP_SECRET to keep a key with, so no key can be saved here. Set APP_SECRET on the server, or give the key as AI_API_KEY in its environment.",
    removeKey: "Remove the stored key when saving",
    save: "Save AI settings",
    saving: "Saving the AI settings…",
    saved: "AI settings saved. The next question uses them.",
    test: "Test connection",
    testing: "Asking the model for one word…",
    tested: "Connected: the model answered in {{ms}} ms.",
    testFailed: "Could not connect: {{reason}}.",
    lastFailure:
      "A reader's question failed at {{time}} ({{reason}}): they got the blog's passages instead. Test the connection, then save.",
    problems: {
      baseUrlInvalid: "Enter an http:// or https:// address, or leave it empty.",
      baseUrlTooLong: "The address is too long (at most 300 characters).",
      modelInvalid: "Use letters, digits and . : / @ - _ only.",
      modelTooLong: "The name is too long (at most 100 characters).",
      keyInvalid: "A key has only printable characters and no spaces.",
      keyTooLong: "The key is too long (at most 400 characters).",
      noSecret:
        "This server has no APP_SECRET to keep a key with: set APP_SECRET on the server, or the key as AI_API_KEY.",
    },
  },
  bmsBackup: {
    heading: "Export everything",
    intro:
      "One archive of the whole site: every article, note, book and photo as Markdown in the content/ folder's layout, the images, categories, banners, navigation, settings, users (without passwords), feedback and the audit log. On a server, npm run import restores it into a new database.",
    download: "Download the archive",
    working: "Making the archive…",
    done: "Downloaded {{file}}.",
  },
  siteSettings: {
    registrationClosed: "New accounts cannot be registered at the moment.",
    feedbackClosed: "Feedback is closed at the moment.",
  },
};

export default settings;
