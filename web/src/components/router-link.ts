import MuiLink from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';

/** MUI's link, going to a route of the app: typed `to` and `params`, preloading like the router's own. */
export const RouterLink = createLink(MuiLink);
