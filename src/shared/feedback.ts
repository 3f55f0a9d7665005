import { z } from "zod";
import "./zod-browser.ts";

import {
  FEEDBACK_LIMITS,
  FEEDBACK_TYPES,
  type FeedbackSubmission,
  isContact,
} from "./feedback-rules.ts";

export * from "./feedback-rules.ts";

/**
 * An absolute http(s) URL (never `javascript:`, `data:` or the like, which a link to it would
 * run). zod checks the scheme after trimming and after dropping tabs and newlines, as browsers
 * do, stores the URL that way, and with exactly this pattern also requires `://`.
 */
const httpUrl = () => z.url({ protocol: z.regexes.httpProtocol }).max(FEEDBACK_LIMITS.url);

export const feedbackEnvironmentSchema = z.strictObject({
  url: httpUrl(),
  userAgent: z.string().max(FEEDBACK_LIMITS.userAgent),
  viewport: z.string().regex(/^\d{1,5}×\d{1,5}$/, "must be width×height"),
  timestamp: z.iso.datetime({ offset: true }),
});

export const feedbackSubmissionSchema = z.strictObject({
  feedbackType: z.enum(FEEDBACK_TYPES).default("bug"),
  subject: z.string().trim().min(1, "is required").max(FEEDBACK_LIMITS.subject),
  description: z.string().trim().min(1, "is required").max(FEEDBACK_LIMITS.description),
  // Uploads are not open yet (SPEC.md section 2), so no screenshot is accepted; the bound stays for when they are.
  screenshots: z.array(httpUrl()).max(FEEDBACK_LIMITS.screenshots).default([]),
  contact: z
    .string()
    .trim()
    .max(FEEDBACK_LIMITS.contact)
    .refine((v) => v === "" || isContact(v), "must be an email address or a phone number")
    .default(""),
  environment: feedbackEnvironmentSchema,
});

export type FeedbackInput = z.output<typeof feedbackSubmissionSchema>;

// What the browser's hand-written type allows, the schema must accept (a type error otherwise).
const browserPayloadFits = (
  payload: FeedbackSubmission,
): z.input<typeof feedbackSubmissionSchema> => payload;
void browserPayloadFits;
