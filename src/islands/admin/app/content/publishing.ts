import { byId } from "../../../../shared/api-client.ts";
import type { PublishAction } from "./ItemActions.tsx";

/** An item's own publish and unpublish routes (`api.admin.<kind>[":id"]`). */
export interface Publishable<Answer> {
  publish: { $post: (args: { param: { id: string }; json: Record<string, never> }) => Answer };
  unpublish: { $post: (args: { param: { id: string } }) => Answer };
}

/** Publishes an item now (a publish that names no time) or unpublishes it, through `routes`. */
export function publishCall<Answer>(
  routes: Publishable<Answer>,
  id: string,
  action: PublishAction,
): Answer {
  return action === "publish"
    ? routes.publish.$post({ ...byId(id), json: {} })
    : routes.unpublish.$post(byId(id));
}
