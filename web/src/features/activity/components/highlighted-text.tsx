import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';

import { splitOnPhrases } from '../inbound-words';

/**
 * A highlighter's yellow with the text's own colour on it, and a deep amber in dark: the browser's
 * default mark keeps black text, which disappears on a dark page.
 */
export const markSx = (theme: Theme) => ({
  backgroundColor: '#fff0a8',
  color: '#1a1a1a',
  borderRadius: '3px',
  px: 0.25,
  ...theme.applyStyles('dark', { backgroundColor: '#6b5300', color: '#ffffff' }),
});

/** `text` with each of `phrases` in a `<mark>`: the words a suggestion was read from. */
export function HighlightedText({ text, phrases }: { text: string; phrases: readonly string[] }) {
  return (
    <>
      {splitOnPhrases(text, phrases).map((piece, index) =>
        piece.isMatch ? (
          <Box component="mark" key={index} sx={markSx}>
            {piece.text}
          </Box>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
