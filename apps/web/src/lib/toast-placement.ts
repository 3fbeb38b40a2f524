/**
 * Where toasts go (docs/decisions/web-0010): shared by the toast area, which places them, and the
 * side panel, which says when it fills the right edge.
 */

/** sonner's own phone breakpoint: at or under it a toast spans the width and sits at the bottom. */
export const PHONE_TOASTS_QUERY = '(max-width: 600px)';

/** Set on <html> while a right-hand side panel is open; index.css then moves toasts left of it. */
export const SIDE_PANEL_OPEN_ATTRIBUTE = 'data-side-panel-open';
