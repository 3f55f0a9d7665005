/** Site-wide settings known at build time. */
export const SITE = {
  version: "1.1.5",
  defaultTheme: "dark",
} as const;
