import type { ReactNode } from "react";
import type { AdminRoute } from "../routes.ts";
import type { ScreenProps } from "../screen-props.ts";
import { inApp } from "./content/in-app.ts";

/**
 * A link to another back-office screen (`route`, with `search`): opened in the app, which asks
 * first when a form holds unsaved changes, or in a new tab as any link when the person asks.
 */
export function ScreenLink({
  navigate,
  route,
  search = "",
  className,
  describedBy,
  children,
}: {
  navigate: ScreenProps["navigate"];
  route: AdminRoute;
  search?: string;
  className: string;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <a
      className={className}
      aria-describedby={describedBy}
      href={`/bms/${route}${search ? `?${search}` : ""}`}
      onClick={inApp(() => navigate(route, search))}
    >
      {children}
    </a>
  );
}
