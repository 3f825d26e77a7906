import { useNavigate, useRouter } from '@tanstack/react-router';

import type { AuthSession } from '../../lib/auth-client';

/**
 * Where a fresh session goes next: to the page asked for (`redirectUrl`, already checked to be
 * same-origin), or first to choosing an organisation when the session has none active.
 */
export function useContinueAfterSignIn(redirectUrl: string): (session: AuthSession) => Promise<void> {
  const router = useRouter();
  const navigate = useNavigate();
  return async (session) => {
    // An invitation's page needs no organisation: joining one is what it is for.
    if (!session.session.activeOrganizationId && !redirectUrl.startsWith('/invitations/')) {
      await navigate({ to: '/org-select', search: { redirect_url: redirectUrl } });
    } else {
      router.history.push(redirectUrl);
    }
  };
}
