import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import type { Locale, Translate } from "../../../../i18n/core.ts";
import { api, send } from "../../../../shared/api-client.ts";
import type { BuildStatus as Status } from "../../../../shared/build-status.ts";
import { $locale } from "../../../../stores/locale.ts";
import { BuildStatusView } from "./BuildStatusView.tsx";
import { buildWatch } from "./watch.ts";
import "./build.css";

async function fetchStatus(): Promise<Status | null> {
  try {
    const result = await send(api.admin.site.build.$get());
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** Whether an event may have changed content: a form sent, or a button pressed in the back office. */
function mayChangeContent(event: Event): boolean {
  if (!(event.target instanceof Element)) return false;
  if (event.target.closest(".bms-build-region")) return false;
  return event.type === "submit" || event.target.closest("button") !== null;
}

/**
 * The site's build after a content change, in the back office: queued, building, live, or
 * failed with the first lines of the error. Announced politely to screen readers.
 */
export default function BuildStatus({ t }: { t: Translate }) {
  const locale: Locale = useStore($locale);
  const [status, setStatus] = useState<Status | null>(null);

  useEffect(() => {
    const watch = buildWatch({
      fetchStatus,
      onStatus: setStatus,
      schedule: (run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
    });
    watch.check();
    const onAction = (event: Event) => {
      if (mayChangeContent(event)) watch.nudge();
    };
    document.addEventListener("submit", onAction, true);
    document.addEventListener("click", onAction, true);
    return () => {
      watch.stop();
      document.removeEventListener("submit", onAction, true);
      document.removeEventListener("click", onAction, true);
    };
  }, []);

  return <BuildStatusView t={t} locale={locale} status={status} />;
}
