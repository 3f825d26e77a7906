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

/**
 * The chip colours for a tag: its own colour behind whichever of near-black or white reads better on
 * it. MUI's getContrastText takes white from a contrast of 3:1 (white on the demo's #43a047 green is
 * 3.3:1); text this small needs 4.5:1 (WCAG AA), so the choice is by contrast itself.
 */
export function tagChipColours(colour: string): TagChipColours | undefined {
  if (!HEX.test(colour)) return undefined;
  const l = luminance(colour);
  const dark = '#1f2933';
  return { bgcolor: colour, color: contrast(l, 1) >= contrast(l, luminance(dark)) ? '#ffffff' : dark };
}
