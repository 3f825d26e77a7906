import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';

import { PRODUCT_NAME } from '../../lib/product';

/** The product mark: a tick in a rounded square, i.e. "paid". */
function LogoMark() {
  return (
    <Box component="svg" viewBox="0 0 32 32" aria-hidden sx={{ width: 32, height: 32, flexShrink: 0 }}>
      <rect width="32" height="32" rx="8" fill="var(--mui-palette-primary-main)" />
      <path
        d="M9 17.5l4.5 4.5L23 11"
        fill="none"
        stroke="var(--mui-palette-primary-contrastText)"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Box>
  );
}

/** `isCompact` hides the name on phones, where the top bar needs the room for its controls. */
export function Logo({ isCompact = false }: { isCompact?: boolean }) {
  return (
    <Box
      component={Link}
      to="/"
      aria-label={`${PRODUCT_NAME} home`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        color: 'text.primary',
        textDecoration: 'none',
        borderRadius: 2,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 4 },
      }}
    >
      <LogoMark />
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: '1.125rem',
          letterSpacing: '-0.01em',
          display: isCompact ? { xs: 'none', sm: 'inline' } : 'inline',
        }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
