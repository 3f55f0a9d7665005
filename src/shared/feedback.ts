import { z } from "zod";

/** SPEC.md section 3: the feedback submission the widget sends to POST /api/createFeedback. */
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

export const feedbackEnvironmentSchema = z.strictObject({
  url: z.url().max(FEEDBACK_LIMITS.url),
  userAgent: z.string().max(FEEDBACK_LIMITS.userAgent),
  viewport: z.string().regex(/^\d{1,5}×\d{1,5}$/, "must be width×height"),
  timestamp: z.iso.datetime({ offset: true }),
});

export const feedbackSubmissionSchema = z.strictObject({
  feedbackType: z.enum(FEEDBACK_TYPES).default("bug"),
  subject: z.string().trim().min(1, "is required").max(FEEDBACK_LIMITS.subject),
  description: z.string().trim().min(1, "is required").max(FEEDBACK_LIMITS.description),
  // Uploads are not open yet (SPEC.md section 2), so no screenshot is accepted; the bound stays for when they are.
  screenshots: z
    .array(z.url().max(FEEDBACK_LIMITS.url))
    .max(FEEDBACK_LIMITS.screenshots)
    .default([]),
  contact: z
    .string()
    .trim()
    .max(FEEDBACK_LIMITS.contact)
    .refine((v) => v === "" || isContact(v), "must be an email address or a phone number")
    .default(""),
  environment: feedbackEnvironmentSchema,
});

export type FeedbackSubmission = z.input<typeof feedbackSubmissionSchema>;
export type FeedbackInput = z.output<typeof feedbackSubmissionSchema>;
