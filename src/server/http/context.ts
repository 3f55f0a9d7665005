import type { Db } from "../db/client.ts";

export interface RequestUser {
  id: string;
  role: string;
}

/** Values each entry point passes to `app.fetch(request, bindings)`. */
export interface AppBindings {
  /** The peer address as the entry point saw it (socket, or Netlify's context.ip). */
  clientIp?: string | undefined;
}

export interface AppEnv {
  Bindings: AppBindings;
  Variables: {
    db: Db;
    user: RequestUser | null;
    clientIp: string | null;
  };
}
