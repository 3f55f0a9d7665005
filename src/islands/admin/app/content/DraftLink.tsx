import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import { api, byId, send } from "../../../../shared/api-client.ts";
import type { DraftKind, DraftLink as Link } from "../../../../shared/content.ts";
import { FormStatus } from "../../../ui/FormStatus.tsx";
import { failedCallText } from "../form.tsx";
import { dataOf } from "../query.ts";
import { formatTime } from "../time.ts";

/** How long a new link works, in hours, the first the default. */
const HOURS = [72, 1, 24, 168] as const;

/** A new secret link to the item's page (`POST …/:id/preview-link`). */
function makeLink(kind: DraftKind, id: string, hours: number) {
  const routes = {
    article: api.admin.articles,
    note: api.admin.notes,
    chapter: api.admin.chapters,
  };
  const one = routes[kind][":id"]["preview-link"];
  return dataOf(send(one.$post({ ...byId(id), json: { hours } })));
}

/**
 * "Preview as a page": a secret link to the item's page with the site's layout, as saved, which
 * works for the hours chosen. It opens in a new tab, and its address can be copied to show the
 * draft to someone before it is published.
 */
export function DraftLinkControl({ t, kind, id }: { t: Translate; kind: DraftKind; id: string }) {
  const ids = useId();
  const [hours, setHours] = useState<number>(HOURS[0]);
  const [copied, setCopied] = useState(false);
  const make = useMutation({ mutationFn: () => makeLink(kind, id, hours) });
  const link: Link | undefined = make.data;
  const address = link ? new URL(link.path, window.location.origin).href : "";

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      // No clipboard here: the address stays selected in its box to copy by hand.
      document.getElementById(`${ids}-address`)?.focus();
    }
  }

  return (
    <section className="bms-draft-link" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t("bmsEditor.draftLink.title")}</h3>
      <p className="field-hint">{t("bmsEditor.draftLink.about")}</p>
      <div className="bms-draft-link-make">
        <label htmlFor={`${ids}-hours`}>{t("bmsEditor.draftLink.hours")}</label>
        <select
          id={`${ids}-hours`}
          className="field-input bms-draft-hours"
          value={hours}
          onChange={(event) => setHours(Number(event.currentTarget.value))}
        >
          {[...HOURS]
            .sort((a, b) => a - b)
            .map((h) => (
              <option key={h} value={h}>
                {t(`bmsEditor.draftLink.for.${h}`)}
              </option>
            ))}
        </select>
        <button
          type="button"
          className="button"
          disabled={make.isPending}
          onClick={() => {
            setCopied(false);
            make.mutate();
          }}
        >
          {t("bmsEditor.draftLink.make")}
        </button>
      </div>
      {link && (
        <div className="bms-draft-link-made">
          <label htmlFor={`${ids}-address`}>{t("bmsEditor.draftLink.address")}</label>
          <input
            id={`${ids}-address`}
            className="field-input"
            readOnly
            value={address}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="bms-actions">
            <a className="button" href={link.path} target="_blank" rel="noopener">
              {t("bmsEditor.draftLink.open")}
            </a>
            <button type="button" className="button" onClick={() => void copy()}>
              {t(copied ? "bmsEditor.draftLink.copied" : "bmsEditor.draftLink.copy")}
            </button>
          </div>
          <p className="field-hint">
            {t("bmsEditor.draftLink.until", { time: formatTime(link.expiresAt) })}
          </p>
        </div>
      )}
      <FormStatus
        note={make.isPending ? t("bmsEditor.draftLink.making") : ""}
        failure={make.isError ? failedCallText(t, make.error) : ""}
      />
    </section>
  );
}
