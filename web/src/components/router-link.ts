import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';

/** MUI's link, going to a route of the app: typed `to` and `params`, preloading like the router's own. */
export const RouterLink = createLink(MuiLink);

/** MUI's button, going to a route of the app: an action that is a place (Go home, Sign in). */
export const ButtonLink = createLink(Button);
