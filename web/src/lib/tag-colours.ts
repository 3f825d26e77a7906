const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A tag's colour as its chip's background and the text on it; nothing for a colour that is not #rgb or #rrggbb. */
export interface TagChipColours {
  bgcolor: string;
  color: string;
}

/** WCAG 2 relative luminance of #rgb or #rrggbb. */
function luminance(hex: string): number {
  const digits = hex.length === 4 ? hex.slice(1).split('').map((d) => d + d) : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const [r, g, b] = digits.map((pair) => {
    const c = Number.parseInt(pair, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

const contrast = (a: number, b: number): number => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The contrast small text needs (WCAG 2 AA, 1.4.3). */
const SMALL_TEXT_CONTRAST = 4.5;

/**
 * The chip colours for a tag: its own colour behind text that reads on it at 4.5:1, the contrast
 * small text needs (WCAG AA). MUI's getContrastText takes white from 3:1 (white on the demo's
 * #43a047 green is 3.3:1), so the choice is by contrast itself: the theme's near-black or white,
 * whichever reads better, when it reaches 4.5:1; else pure black or white. Mid colours reach
 * 4.5:1 with neither of the first pair (near-black on #43a047 is 4.46:1, white on #e53935 4.22:1),
 * but every colour does with one of black and white (at least 4.58:1).
 */
export function tagChipColours(colour: string): TagChipColours | undefined {
  if (!HEX.test(colour)) return undefined;
  const l = luminance(colour);
  const best = (light: string, dark: string) => {
    const [onLight, onDark] = [contrast(l, luminance(light)), contrast(l, luminance(dark))];
    return onLight >= onDark ? { color: light, ratio: onLight } : { color: dark, ratio: onDark };
  };
  const preferred = best('#ffffff', '#1f2933');
  return { bgcolor: colour, color: preferred.ratio >= SMALL_TEXT_CONTRAST ? preferred.color : best('#ffffff', '#000000').color };
}
