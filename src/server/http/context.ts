import type { Publisher } from "../content/publisher.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Storage } from "../storage/storage.ts";
import type { MemoryBuckets } from "./memory-buckets.ts";
import type { OutboundPolicy } from "./outbound.ts";

export interface RequestUser {
  id: string;
  role: string;
  /** Their name now (what the audit log keeps beside the id). */
  userName: string;
}

/** Values each entry point passes to `app.fetch(request, bindings)`. */
export interface AppBindings {
  /** The peer address as the entry point saw it (socket, or Netlify's context.ip). */
  clientIp?: string | undefined;
}

/** Requests the server makes on the owner's behalf (link checks). */
export interface Outbound {
  /** Which addresses may be requested: public ones only, unless a test's stand-in needs loopback. */
  policy: OutboundPolicy;
  /** The site's own handler, where this process serves the site (`npm start`). */
  site?: ((request: Request) => Promise<Response>) | undefined;
}

export interface AppEnv {
  Bindings: AppBindings;
  Variables: {
    db: Db;
    mailer: Mailer;
    storage: Storage;
    outbound: Outbound;
    /** The app's in-memory rate buckets (rate-limit.ts), checked before any database work. */
    buckets: MemoryBuckets;
    /** Rebuilds the site after its content changed. */
    publisher: Publisher;
    /** The caller's active session, or null (anonymous, unknown, expired or revoked token, disabled user). */
    user: RequestUser | null;
    /** SHA-256 of the bearer token the caller sent, whatever its state (logout revokes it). */
    tokenHash: string | null;
    clientIp: string | null;
    /** Runs work after the answer (middleware.ts's `AfterAnswer`). */
    afterAnswer: (work: Promise<void>) => Promise<void>;
  };
}
