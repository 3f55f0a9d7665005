import type { ArticleRecord } from "../../../shared/content.ts";
import { type EditorKind, EditorScreen } from "../app/content/EditorScreen.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { ArticleForm } from "./ArticleForm.tsx";
import { useArticle } from "./queries.ts";

const ARTICLE_EDITOR: EditorKind<ArticleRecord> = {
  list: "article",
  editor: "editarticle",
  words: "bmsArticles",
  loading: "bmsArticles.loadingArticle",
  useItem: useArticle,
  Form: ArticleForm,
};

/** `/bms/editarticle`: a new article, or `?id=` an existing one (read-only for a file's). */
export const ArticleEditorScreen = (props: ScreenProps) => (
  <EditorScreen {...props} kind={ARTICLE_EDITOR} />
);
