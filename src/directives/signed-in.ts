import type { ClientDirective } from "astro";

// `client:signedin`: hydrates at once for a logged-in visitor (the head script set
// <html data-auth> from the stored user info) and never for a guest, whose server-rendered
// markup (a plain login link) already works without a script. Logging in elsewhere reloads
// the page, so a guest's page needs no later hydration.
const signedIn: ClientDirective = (load) => {
  const auth = document.documentElement.dataset.auth;
  if (auth === "user" || auth === "admin") {
    void load().then((hydrate) => hydrate());
  }
};

export default signedIn;
