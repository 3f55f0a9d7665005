// Enter pressed in an island's field before the island had hydrated (`client:interaction`
// holds it back): the directive marks the field with this attribute, and the island, once
// mounted, takes the mark off and does what its Enter does with the field's words
// (`useHeldEnter` in src/islands/ui/held-enter.ts). A mark rather than a replayed key event:
// a replay would reach the island's handler before the island has read the words typed while
// it loaded.
export const HELD_ENTER_ATTRIBUTE = "data-held-enter";
