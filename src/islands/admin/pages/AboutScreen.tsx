import type { ScreenProps } from "../screen-props.ts";
import { PageForm } from "./PageForm.tsx";
import { usePages } from "./queries.ts";
import "../app/content/content.css";

/**
 * `/bms/about`: the about page in both languages, each written in the editor. A file
 * (content/about/<lang>.mdx) is the page until a text is saved here, which then replaces it on
 * the site; going back to the file forgets the text.
 */
export function AboutScreen({ t }: ScreenProps) {
  const pages = usePages("about");
  if (pages.isPending) return <p role="status">{t("bmsPages.loading")}</p>;
  if (pages.isError) {
    return (
      <div role="alert">
        <p>{t("bmsPages.loadFailed")}</p>
        <button type="button" className="button" onClick={() => void pages.refetch()}>
          {t("bmsContent.retry")}
        </button>
      </div>
    );
  }
  return (
    <div className="bms-content bms-pages">
      {pages.data.map((page) => (
        <PageForm key={page.id} t={t} page={page} />
      ))}
    </div>
  );
}
