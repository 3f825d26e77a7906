import { RouterLink } from './router-link';

/**
 * To Settings → Email, where the mail server, the from address and the sending mode are set: what
 * a 422 on sending asks for. On a line of its own under the server's words.
 */
export function MailSettingsLink() {
  return (
    <RouterLink to="/settings/email" color="inherit" sx={{ display: 'block', mt: 0.5, fontWeight: 500 }}>
      Open Settings → Email
    </RouterLink>
  );
}
