import type { ComponentType } from "react";
import { ArticleEditor } from "./ArticleEditor.tsx";
import { ArticleList } from "./ArticleList.tsx";
import { BooksScreen } from "./books/BooksScreen.tsx";
import { CategoriesScreen } from "./categories/CategoriesScreen.tsx";
import { FeedbackScreen } from "./feedback/FeedbackScreen.tsx";
import { NotesScreen } from "./notes/NotesScreen.tsx";
import type { AdminRoute } from "./routes.ts";
import type { ScreenProps } from "./screen-props.ts";
import { UsersScreen } from "./users/UsersScreen.tsx";

export type { ScreenProps } from "./screen-props.ts";

/** The screens built so far, by route; the others show their purpose and a pending line. */
export const SCREENS: Partial<Record<AdminRoute, ComponentType<ScreenProps>>> = {
  FeedBackCenter: FeedbackScreen,
  userManagement: UsersScreen,
  article: ArticleList,
  editarticle: ArticleEditor,
  categories: CategoriesScreen,
  notes: NotesScreen,
  "book-doc": BooksScreen,
};
