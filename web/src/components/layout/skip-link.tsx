import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';

/** The id of the element the skip link moves focus to: the page's <main>. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first tab stop of every page: lets keyboard users jump past the top bar and the menu
 * (WCAG 2.4.1, bypass blocks). Hidden until focused. Focus is moved by hand rather than left to
 * the browser's fragment navigation, which the router would treat as a navigation.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1.25,
        borderRadius: 2,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        // Off-screen rather than display:none, so it stays in the tab order.
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '2px solid', outlineColor: 'text.primary', outlineOffset: 2 },
      }}
    >
      Skip to main content
    </Box>
  );
}
