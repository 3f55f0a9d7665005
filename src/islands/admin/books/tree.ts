// A book's chapters as the screen shows them: a two-level tree in reading order (the API lists
// them so: top-level chapters by order, each followed by its children), and the order writes
// that move one chapter among its siblings.

/** What the tree reads of a chapter. */
export interface Placed {
  id: string;
  parentId: string | null;
  order: number;
}

/** A chapter's new order, one PUT of a move. */
export interface OrderWrite {
  id: string;
  order: number;
}

export interface ChapterTree<C extends Placed> {
  tops: C[];
  childrenOf: (parentId: string) => C[];
  /** The chapters under `parentId` (top-level ones for null), in reading order. */
  siblingsOf: (parentId: string | null) => C[];
  /** The order that puts a new chapter under `parentId` last. */
  nextOrder: (parentId: string | null) => number;
}

export function chapterTree<C extends Placed>(items: readonly C[]): ChapterTree<C> {
  const tops = items.filter((c) => c.parentId === null);
  const childrenOf = (parentId: string) => items.filter((c) => c.parentId === parentId);
  const siblingsOf = (parentId: string | null) => (parentId === null ? tops : childrenOf(parentId));
  return {
    tops,
    childrenOf,
    siblingsOf,
    nextOrder(parentId) {
      const siblings = siblingsOf(parentId);
      return siblings.length ? Math.max(...siblings.map((c) => c.order)) + 1 : 1;
    },
  };
}

/**
 * The writes that swap chapter `id` with its neighbour (`by` -1 the one before, 1 the one
 * after) among `siblings`: distinct orders are swapped; where two siblings share an order, the
 * siblings get 1, 2, 3… in their new order (only those whose order changes are written). None
 * when there is no such neighbour.
 */
export function moveWrites(siblings: readonly Placed[], id: string, by: -1 | 1): OrderWrite[] {
  const at = siblings.findIndex((c) => c.id === id);
  const chapter = siblings[at];
  const other = siblings[at + by];
  if (!chapter || !other) return [];
  const distinct = new Set(siblings.map((c) => c.order)).size === siblings.length;
  if (distinct) {
    return [
      { id: chapter.id, order: other.order },
      { id: other.id, order: chapter.order },
    ];
  }
  const reordered = [...siblings];
  reordered[at] = other;
  reordered[at + by] = chapter;
  return reordered
    .map((c, i) => ({ id: c.id, order: i + 1, was: c.order }))
    .filter((c) => c.order !== c.was)
    .map(({ id, order }) => ({ id, order }));
}
