// Adds a "#" link to every h2-h4 that has an id (Astro gives them ids), so readers can share
// a section. The link is hidden from screen readers: the heading itself is the name.
/** @returns {(tree: any) => void} */
export function rehypeHeadingAnchors() {
  /** @param {any} node */
  const visit = (node) => {
    if (node.type === "element" && /^h[2-4]$/.test(node.tagName) && node.properties?.id) {
      node.children.push({
        type: "element",
        tagName: "a",
        properties: {
          href: `#${node.properties.id}`,
          className: ["heading-anchor"],
          ariaHidden: "true",
          tabIndex: -1,
        },
        children: [{ type: "text", value: "#" }],
      });
    }
    for (const child of node.children ?? []) visit(child);
  };
  return visit;
}
