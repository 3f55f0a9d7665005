declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key on the island (src/directives/interaction.ts). */
    "client:interaction"?: boolean;
    /** Hydrate at once for a logged-in visitor, never for a guest (src/directives/signed-in.ts). */
    "client:signedin"?: boolean;
  }
}

export {};
