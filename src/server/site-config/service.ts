/**
 * The site's own parts written in the back office: the home page's banners, the navigation
 * page's groups and links (with the check of their links), and the about page. Each is saved
 * live, and each rebuilds the pages it is on. This is the routes' and tests' one entry; the
 * site's settings have theirs (settings.ts, settings-routes.ts).
 */
export {
  createBanner,
  deleteBanner,
  listBanners,
  orderBanners,
  updateBanner,
} from "./banners.ts";
export {
  createNavGroup,
  createNavLink,
  deleteNavGroup,
  deleteNavLink,
  listNav,
  type NavList,
  orderNavGroups,
  orderNavLinks,
  updateNavGroup,
  updateNavLink,
} from "./nav.ts";
export { checkNavLinks } from "./nav-check.ts";
export {
  getPages,
  type PageExpectation,
  pageRevision,
  pageRevisions,
  restorePage,
  revertPage,
  savePage,
} from "./pages.ts";
