// CodeMirror puts its styles (its base theme and ours) in a <style> element of the document's
// head, which the site's Content-Security-Policy refuses: only hashed inline styles may load,
// and these are made at run time. In a shadow root it uses a constructed stylesheet instead
// (`adoptedStyleSheets`), which the policy does not govern. Its style library chooses by
// whether the root has a `head`; this root is the document itself without one, every other
// property and method the document's own, so CodeMirror adopts its sheet into the document.

const cache = new WeakMap<Document, Document>();

/**
 * The document as CodeMirror's `root`, its styles adopted rather than written into a <style>
 * element; the document itself where the browser cannot adopt stylesheets.
 */
export function adoptingRoot(doc: Document): Document {
  if (!("adoptedStyleSheets" in doc) || typeof CSSStyleSheet !== "function") return doc;
  const known = cache.get(doc);
  if (known) return known;
  const root = new Proxy(doc, {
    get(target, key) {
      if (key === "head") return undefined;
      // DOM getters and methods must run on the document itself, not on the proxy.
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set: (target, key, value) => Reflect.set(target, key, value, target),
  });
  cache.set(doc, root);
  return root;
}
