/**
 * The site's settings: the back office's form (`bmsSettings`, placed in /bms/userSet) and what a
 * visitor reads while registration or feedback is closed (`siteSettings`).
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
    authorHint: "Shown as a card on the about page once it has a name.",
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
  siteSettings: {
    registrationClosed: "New accounts cannot be registered at the moment.",
    feedbackClosed: "Feedback is closed at the moment.",
  },
};

export default settings;
