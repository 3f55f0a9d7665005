/** The key set of every locale: a key missing in another locale is a type error. */
const enUS = {
  site: {
    name: "Two Inks",
    tagline: "Notes on code, books and daily life, in Chinese and English.",
    version: "Version {{version}}",
    skipToContent: "Skip to content",
  },
  home: {
    title: "Home",
    intro:
      "A personal blog written in two languages. Articles, notes, photos and book notes arrive here as they are written.",
    feedbackHint:
      "Spotted a problem or have an idea? The feedback button at the bottom right sends it straight to the author.",
  },
  notFound: {
    title: "Page not found",
    body: "There is nothing at this address. It may have moved, or the link may be mistyped.",
    home: "Back to the home page",
  },
  backToTop: "Back to top",
  feedback: {
    trigger: "Feedback",
    title: "Send feedback",
    close: "Close",
    type: "Feedback type",
    types: {
      bug: "Problem report",
      suggestion: "Feature suggestion",
      praise: "Praise",
      other: "Other",
    },
    subject: "Subject",
    subjectPlaceholder: "A short summary",
    description: "Details",
    descriptionPlaceholder: "What happened, or what would you like to see?",
    screenshots: "Screenshots (optional, up to {{max}})",
    addScreenshot: "Add screenshot",
    screenshotsClosed: "Screenshot upload is not open yet.",
    contact: "Contact (optional)",
    contactPlaceholder: "Email or phone, if you would like a reply",
    required: "required",
    cancel: "Cancel",
    submit: "Submit",
    submitting: "Submitting…",
    thanks: "Thank you! Your feedback has been sent.",
    failed: "Submission failed, please try again later",
    errors: {
      subject: "Please enter a subject",
      description: "Please describe the problem or idea",
      contact: "Please enter a valid email address or phone number",
      tooLong: "Please keep this under {{max}} characters",
    },
    counter: "{{count}} / {{max}}",
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof enUS>;

export default enUS satisfies Messages;
