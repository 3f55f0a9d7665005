declare module "astro" {
  interface AstroClientDirectives {
    /**
     * Hydrate on the first pointer, touch, focus or key on the island, or at once when the
     * localStorage key given holds something (src/directives/interaction.ts).
     */
    "client:interaction"?: boolean | string;
    /** Hydrate at once for a logged-in visitor, never for a guest (src/directives/signed-in.ts). */
    "client:signedin"?: boolean;
  }
}

export {};
