// Categories sit under one another (a category's `parent`). These read the tree from the flat
// list: its order (each category after its parent), the path from the top to a category, and a
// category with every one under it. A parent that is missing, or a loop, counts as the top.

export interface CategoryTree<C extends { id: string }> {
  /** Every category, each parent before those under it, siblings in the list's order. */
  ordered: C[];
  /** The categories from the top down to `id`, itself last; empty for an unknown id. */
  path(id: string): C[];
  /** `id` and the ids of every category under it, however deep. */
  within(id: string): Set<string>;
}

/** The tree of `categories` (given in their order), each one's parent read by `parentIdOf`. */
export function categoryTree<C extends { id: string }>(
  categories: readonly C[],
  parentIdOf: (category: C) => string | null,
): CategoryTree<C> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  // The parent a category is shown under: its own, when the way up reaches the top.
  const parentOf = (c: C): string | null => {
    const seen = new Set([c.id]);
    const parent = parentIdOf(c);
    for (let at = byId.get(parent ?? ""); at; at = byId.get(parentIdOf(at) ?? "")) {
      if (seen.has(at.id)) return null;
      seen.add(at.id);
    }
    return parent && byId.has(parent) ? parent : null;
  };
  const path = (id: string): C[] => {
    const found: C[] = [];
    for (let at = byId.get(id); at; at = byId.get(parentOf(at) ?? "")) found.unshift(at);
    return found;
  };
  const children = new Map<string | null, C[]>();
  for (const c of categories) {
    const parent = parentOf(c);
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const ordered: C[] = [];
  const walk = (parent: string | null) => {
    for (const c of children.get(parent) ?? []) {
      ordered.push(c);
      walk(c.id);
    }
  };
  walk(null);
  const within = (id: string): Set<string> => {
    const ids = new Set<string>();
    const add = (at: string) => {
      ids.add(at);
      for (const c of children.get(at) ?? []) add(c.id);
    };
    if (byId.has(id)) add(id);
    return ids;
  };
  return { ordered, path, within };
}
