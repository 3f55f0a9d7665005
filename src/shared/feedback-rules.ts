// The feedback rules the widget needs in the browser, free of zod so the island stays small.
// The server's schema (src/shared/feedback.ts) is built from the same constants.

export const FEEDBACK_TYPES = ["bug", "suggestion", "praise", "other"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_LIMITS = {
  subject: 100,
  description: 2000,
  contact: 100,
  screenshots: 3,
  url: 2048,
  userAgent: 512,
} as const;

/** Success notice stays this long (SPEC.md section 9). */
export const FEEDBACK_NOTICE_MS = 3000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Digits with optional leading +, spaces, dashes and brackets; 6 to 15 digits in all.
const PHONE = /^\+?[\d\s()-]+$/;

/** An email address or a phone number. */
export function isContact(value: string): boolean {
  if (EMAIL.test(value)) return true;
  const digits = value.replace(/\D/g, "").length;
  return PHONE.test(value) && digits >= 6 && digits <= 15;
}

/** SPEC.md section 3: what the widget sends to POST /api/createFeedback. */
export interface FeedbackSubmission {
  feedbackType?: FeedbackType;
  subject: string;
  description: string;
  screenshots?: string[];
  contact?: string;
  environment: { url: string; userAgent: string; viewport: string; timestamp: string };
}

// --- Handling status (the admin feedback center) ---------------------------------------------

export const FEEDBACK_STATUSES = ["new", "in_progress", "resolved", "closed"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Allowed status changes: forward through the work, close early, reopen. */
export const FEEDBACK_TRANSITIONS: Record<FeedbackStatus, readonly FeedbackStatus[]> = {
  new: ["in_progress", "closed"],
  in_progress: ["resolved", "closed"],
  resolved: ["closed", "in_progress"],
  closed: ["in_progress"],
};

export function canChangeFeedbackStatus(from: string, to: string): boolean {
  return (FEEDBACK_TRANSITIONS[from as FeedbackStatus] ?? []).includes(to as FeedbackStatus);
}

export const FEEDBACK_NOTE_MAX = 500;

/** A feedback record as the feedback center lists it. */
export interface FeedbackRecord {
  id: string;
  feedbackType: string;
  subject: string;
  description: string;
  screenshots: string[];
  contact: string;
  environment: { url: string; userAgent: string; viewport: string; timestamp: string };
  status: FeedbackStatus;
  userId: string | null;
  receivedAt: string;
  updatedAt: string;
}

/** One recorded status change. */
export interface FeedbackStatusChange {
  from: FeedbackStatus;
  to: FeedbackStatus;
  note: string;
  changedBy: { id: string; userName: string } | null;
  changedAt: string;
}

// --- Answering (the admin feedback center) -----------------------------------------------------

/** What the owner writes on a piece of feedback: a reply mailed to its writer, or a note kept here. */
export const FEEDBACK_REPLY_KINDS = ["reply", "note"] as const;
export type FeedbackReplyKind = (typeof FEEDBACK_REPLY_KINDS)[number];
export const FEEDBACK_REPLY_MAX = 5000;

/** The languages a reply's mail is framed in. */
export const REPLY_LOCALES = ["zh-CN", "en-US"] as const;
export type ReplyLocale = (typeof REPLY_LOCALES)[number];

/** A reply or note kept with its feedback. */
export interface FeedbackReplyRecord {
  id: string;
  kind: FeedbackReplyKind;
  body: string;
  /** A reply: the language its mail was framed in, and where it went. */
  locale: ReplyLocale | null;
  sentTo: string | null;
  author: { id: string; userName: string } | null;
  createdAt: string;
}

/** Where a reply can go: the feedback's contact, when it is an email address. */
export const replyAddress = (contact: string): string | null => {
  const address = contact.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) && address.length <= 254 ? address : null;
};

/**
 * The language the writer most likely reads: Chinese when what they wrote holds Chinese
 * characters, else English (the feedback widget sends no language of its own).
 */
export const writerLocale = (feedback: { subject: string; description: string }): ReplyLocale =>
  /[\u3400-\u9fff\uf900-\ufaff]/u.test(`${feedback.subject}${feedback.description}`)
    ? "zh-CN"
    : "en-US";
