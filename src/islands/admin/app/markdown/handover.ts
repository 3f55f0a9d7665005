/**
 * The fields whose plain text area (shown while the editor loads) had focus when the editor
 * replaced it, with where its cursor was: the editor takes the focus and the cursor on mounting,
 * so a problem focused by a save made meanwhile, or the owner's typing, keeps its place.
 */
export const focusHandedOver = new Map<string, { anchor: number; head: number }>();
