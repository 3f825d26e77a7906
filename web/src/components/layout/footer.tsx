import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';

import { PRODUCT_NAME } from '../../lib/product';

const FooterLink = createLink(MuiLink);

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: { xs: 1.5, sm: 3 },
        alignItems: 'center',
        px: { xs: 2, sm: 4 },
        py: 2.5,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2" sx={{ mr: 'auto' }}>
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </Typography>
      <FooterLink to="/$pageName" params={{ pageName: 'terms-and-conditions' }} variant="body2" color="inherit">
        Terms and Conditions
      </FooterLink>
      <FooterLink to="/$pageName" params={{ pageName: 'privacy-notice' }} variant="body2" color="inherit">
        Privacy Notice
      </FooterLink>
      <FooterLink to="/$pageName" params={{ pageName: 'cookie-notice' }} variant="body2" color="inherit">
        Cookie Notice
      </FooterLink>
    </Box>
  );
}
