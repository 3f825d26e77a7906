/** Top bar height; the content is offset by it (spec §9). */
export const TOP_BAR_HEIGHT = 64;
/** Navigation drawer width (spec §9). */
export const NAV_WIDTH = 280;
