import type { ContentStatus } from "./content-rules.ts";
import type { SubscriberSummary } from "./following.ts";
import type { AuditLogItem } from "./logs.ts";

/** `GET /api/admin/overview`: the blog at a glance (`/bms/overview`). */

/** What an item waiting in a queue shows: its kind, id, a title and a time. */
export interface QueuedItem {
  kind: "article" | "note" | "photo";
  id: string;
  title: string;
  /** A draft's last change; a scheduled item's time to go live. */
  at: string | null;
}

export interface Overview {
  /** Items per status, files and rows together (chapters: draft or published). */
  content: {
    articles: Record<ContentStatus, number>;
    notes: Record<ContentStatus, number>;
    photos: Record<ContentStatus, number>;
    chapters: { draft: number; published: number };
  };
  users: { total: number; admins: number; disabled: number };
  /** Feedback per status (the statuses of src/shared/feedback-rules.ts). */
  feedback: Record<string, number>;
  /** Readers' comments per status (the statuses of src/shared/comment-rules.ts). */
  comments: Record<string, number>;
  /** Email subscribers: in all, each language's, and the new ones of the last 30 days. */
  subscribers: Pick<SubscriberSummary, "total" | "langs" | "last30Days">;
  /** Fediverse accounts (Mastodon and others) that follow the blog. */
  fediverseFollowers: number;
  /** The drafts changed most recently. */
  drafts: QueuedItem[];
  /** What goes live next, soonest first. */
  scheduled: QueuedItem[];
  recentFeedback: Array<{
    id: string;
    subject: string;
    type: string;
    status: string;
    receivedAt: string;
  }>;
  recentActions: AuditLogItem[];
}
