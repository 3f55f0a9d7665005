import { useStore } from "@nanostores/react";
import { useState, useSyncExternalStore } from "react";
import { translator } from "../../i18n/reader.ts";
import { $locale } from "../../stores/locale.ts";
import { reactIsland } from "../react-island.ts";
import { BothLanguages } from "../ui/BothLanguages.tsx";

// The share row's buttons that need a script: "Share…" (the Web Share API, where the browser
// has it) and "Copy link", whose outcome is announced. It hydrates when a reader reaches for the
// row (client:interaction), so a reader who only reads loads nothing for it. "Copy link" is
// in the server's render (CSS hides it where scripts do not run); "Share…" comes last once
// hydrated, where it can only lengthen the row's last line.

interface Props {
  url: string;
  title: string;
}

const never = () => () => {};

function ShareButtons({ url, title }: Props) {
  const locale = useStore($locale);
  // False on the server and while hydrating, true after: the buttons come without a mismatch.
  const mounted = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const [said, setSaid] = useState<"" | "copied" | "failed">("");
  const t = translator(locale);
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => setSaid("copied"),
      () => setSaid("failed"),
    );
  return (
    <>
      {/* Rendered on the server too, so nothing moves when the island wakes; hidden by CSS where
          scripts do not run (ShareRow.astro). */}
      <button type="button" data-copy onClick={copy}>
        <BothLanguages k="share.copy" />
      </button>
      {mounted && typeof navigator.share === "function" && (
        // A reader who closes the share sheet rejects the promise: nothing to say then.
        <button type="button" onClick={() => navigator.share({ title, url }).catch(() => {})}>
          <BothLanguages k="share.native" />
        </button>
      )}

      <p role="status" className="share-status">
        {said === "copied" && t("share.copied")}
        {said === "failed" && t("share.copyFailed", { url })}
      </p>
    </>
  );
}

export default reactIsland(ShareButtons);
