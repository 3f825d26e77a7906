/** Top bar height; the content is offset by it (docs/product.md, Look and layout). */
export const TOP_BAR_HEIGHT = 64;
/** Navigation drawer width (docs/product.md, Look and layout). */
export const NAV_WIDTH = 280;
