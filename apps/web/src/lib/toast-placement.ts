/**
 * Where toasts go (docs/decisions/web-0010): the side panel says when it fills the right edge.
 */

/** Set on <html> while a right-hand side panel is open; index.css then moves toasts left of it. */
export const SIDE_PANEL_OPEN_ATTRIBUTE = 'data-side-panel-open';
