import {
  FEEDBACK_LIMITS,
  type FeedbackSubmission,
  type FeedbackType,
  isContact,
} from "../../shared/feedback-rules.ts";

export interface FeedbackFields {
  feedbackType: FeedbackType;
  subject: string;
  description: string;
  screenshots: string[];
  contact: string;
}

export type FieldName = "subject" | "description" | "contact";
export type FieldErrors = Partial<Record<FieldName, "required" | "invalid" | "tooLong">>;

export const emptyFields = (feedbackType: FeedbackType = "bug"): FeedbackFields => ({
  feedbackType,
  subject: "",
  description: "",
  screenshots: [],
  contact: "",
});

/** The same rules the server enforces (src/shared/feedback-rules.ts), as per-field problems for the form. */
export function validateFields(fields: FeedbackFields): FieldErrors {
  const errors: FieldErrors = {};
  const subject = fields.subject.trim();
  const description = fields.description.trim();
  const contact = fields.contact.trim();
  if (!subject) errors.subject = "required";
  else if (subject.length > FEEDBACK_LIMITS.subject) errors.subject = "tooLong";
  if (!description) errors.description = "required";
  else if (description.length > FEEDBACK_LIMITS.description) errors.description = "tooLong";
  if (contact.length > FEEDBACK_LIMITS.contact) errors.contact = "tooLong";
  else if (contact && !isContact(contact)) errors.contact = "invalid";
  return errors;
}

/** SPEC.md section 3: url, userAgent, viewport as W×H and an ISO timestamp, captured when the dialog opens. */
export function captureEnvironment(win: Window = window): FeedbackSubmission["environment"] {
  return {
    url: win.location.href,
    userAgent: win.navigator.userAgent.slice(0, FEEDBACK_LIMITS.userAgent),
    viewport: `${win.innerWidth}×${win.innerHeight}`,
    timestamp: new Date().toISOString(),
  };
}

export function toSubmission(
  fields: FeedbackFields,
  environment: FeedbackSubmission["environment"],
): FeedbackSubmission {
  return {
    feedbackType: fields.feedbackType,
    subject: fields.subject.trim(),
    description: fields.description.trim(),
    screenshots: [], // uploads are not open yet (SPEC.md section 3)
    contact: fields.contact.trim(),
    environment,
  };
}
