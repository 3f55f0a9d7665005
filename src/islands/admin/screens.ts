import type { ComponentType } from "react";
import type { Translate } from "../../i18n/core.ts";
import { ArticleEditor } from "./ArticleEditor.tsx";
import { ArticleList } from "./ArticleList.tsx";
import { BooksScreen } from "./BooksScreen.tsx";
import { CategoriesScreen } from "./CategoriesScreen.tsx";
import { FeedbackCenter } from "./FeedbackCenter.tsx";
import { NotesScreen } from "./NotesScreen.tsx";
import type { AdminRoute } from "./routes.ts";
import { UserManagement } from "./UserManagement.tsx";

/** What every back-office screen gets from the shell. */
export interface ScreenProps {
  t: Translate;
  /** The query string of the current address (`?id=…` for an editor), without the `?`. */
  search: string;
  /**
   * Goes to another screen (or the same one with another query), as a link click would; asks
   * first while a form is marked `data-dirty`, unless `saved` says the change was just stored.
   */
  navigate: (route: AdminRoute, search?: string, options?: { saved?: boolean }) => void;
}

/** The screens built so far, by route; the others show their purpose and a pending line. */
export const SCREENS: Partial<Record<AdminRoute, ComponentType<ScreenProps>>> = {
  FeedBackCenter: FeedbackCenter,
  userManagement: UserManagement,
  article: ArticleList,
  editarticle: ArticleEditor,
  categories: CategoriesScreen,
  notes: NotesScreen,
  "book-doc": BooksScreen,
};
