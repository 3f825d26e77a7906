import type { OverdueSummary } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { apiRequests, onApi } from '../../test/api-handlers';
import { customerPage } from '../../test/customer-data';
import { server } from '../../test/msw-server';
import { renderRoute } from '../../test/render-route';

const NOTHING_OVERDUE: OverdueSummary = { customers_overdue: 0, default_currency: 'GBP', currencies: [], chasing_stopped: [] };
const SINCE = '2026-01-01T00:00:00.000Z';
/** The organisation signed-in.ts's session works in, and another the same person belongs to. */
const TEST_ORGANISATION_ID = '99999999-9999-4999-8999-999999999999';
const BETA = { id: '88888888-8888-4888-8888-888888888888', name: 'Beta Books' };

/** better-auth's session of the signed-in person (signed-in.ts's Ann), working in `activeOrganizationId`. */
const sessionIn = (activeOrganizationId: string) => ({
  session: { id: 'session-0001', userId: 'user-0001', token: 'session-token', expiresAt: '2099-01-01T00:00:00.000Z', createdAt: SINCE, updatedAt: SINCE, activeOrganizationId },
  user: { id: 'user-0001', name: 'Ann Accountant', email: 'ann@example.test', emailVerified: true, image: null, createdAt: SINCE, updatedAt: SINCE },
});

/** Home with nobody owing anything, and no unread reply beside Activity. */
function answerHome() {
  server.use(
    onApi('GET /api/customers/', customerPage([], 0)),
    onApi('GET /api/customers/overdue-summary', NOTHING_OVERDUE),
    onApi('GET /api/inbound/counts/', { unread: 0, unassigned: 0 }),
  );
}

/**
 * The person belongs to Beta Books too; once they switch, their session is in it. Called after
 * `renderRoute`, whose signed-in answers it replaces (MSW prefers the handlers added last).
 */
function answerSecondOrganisation(): { posted: unknown[] } {
  const posted: unknown[] = [];
  let activeOrganizationId = TEST_ORGANISATION_ID;
  server.use(
    http.get('/api/auth/organization/list', () =>
      HttpResponse.json([
        { id: TEST_ORGANISATION_ID, name: 'Acme Receivables', slug: 'acme', logo: null, metadata: null, createdAt: SINCE },
        { ...BETA, slug: 'beta', logo: null, metadata: null, createdAt: SINCE },
      ]),
    ),
    http.post('/api/auth/organization/set-active', async ({ request }) => {
      const body = (await request.json()) as { organizationId: string };
      posted.push(body);
      activeOrganizationId = body.organizationId;
      return HttpResponse.json({ ...BETA, slug: 'beta', members: [], invitations: [] });
    }),
    http.get('/api/auth/get-session', () => HttpResponse.json(sessionIn(activeOrganizationId))),
  );
  return { posted };
}

describe('the app frame around every signed-in screen', () => {
  it('makes “Skip to main content” the first Tab stop; it puts the focus on the page’s content, and the next Tab goes on from there', async () => {
    answerHome();
    renderRoute('/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const user = userEvent.setup();

    const main = screen.getByRole('main');
    // jsdom lays nothing out, so it has no scrolling of its own: the call is what is checked.
    const scrolledTo = vi.fn();
    main.scrollIntoView = scrolledTo;

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(main);
    expect(scrolledTo).toHaveBeenCalledTimes(1);
    // Past the top bar and the menu: into the content, or to the footer on a page with no control.
    await user.tab();
    const footer = screen.getByRole('contentinfo');
    expect(main.contains(document.activeElement) || footer.contains(document.activeElement)).toBe(true);
    expect(screen.getByRole('banner').contains(document.activeElement)).toBe(false);
  });

  it('signs out from the account menu to sign-in, and then sends anyone who opens a screen to sign in first', async () => {
    answerHome();
    const { router } = renderRoute('/home');
    // better-auth ends the session: from then on it answers that nobody is signed in.
    let isSignedIn = true;
    server.use(
      http.post('/api/auth/sign-out', () => {
        isSignedIn = false;
        return HttpResponse.json({ success: true });
      }),
      http.get('/api/auth/get-session', () => HttpResponse.json(isSignedIn ? sessionIn(TEST_ORGANISATION_ID) : null)),
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Account menu, AA/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();

    // The session is gone: the app is guarded again, and remembers where the person was going.
    await router.navigate({ to: '/customers/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toEqual({ redirect_url: '/customers/' });
  });

  it('switches organisation from the top bar: it says so, names the new one, and Home asks for that organisation’s data afresh', async () => {
    answerHome();
    const { router } = renderRoute('/home');
    const { posted } = answerSecondOrganisation();
    const switcher = await screen.findByRole('button', { name: 'Acme Receivables, switch organisation' });
    await waitFor(() => expect(apiRequests('GET /api/customers/').length).toBeGreaterThan(0));
    const asked = apiRequests('GET /api/customers/').length;

    fireEvent.click(switcher);
    const menu = await screen.findByRole('menu');
    // The organisation worked in is marked, the others offered.
    expect(within(menu).getByRole('menuitem', { name: 'Acme Receivables' }).classList.contains('Mui-selected')).toBe(true);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Beta Books' }));

    expect(await screen.findByText('Switched to Beta Books')).toBeTruthy();
    expect(posted).toEqual([{ organizationId: BETA.id }]);
    expect(await screen.findByRole('button', { name: 'Beta Books, switch organisation' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    // Nothing of Acme's is shown from the cache: the list is asked for again, as Beta's.
    await waitFor(() => expect(apiRequests('GET /api/customers/').length).toBeGreaterThan(asked));
  });

  it('offers to create another organisation from the switcher, set to come back to the start once it is made', async () => {
    answerHome();
    const { router } = renderRoute('/customers/?q=north');
    answerSecondOrganisation();
    fireEvent.click(await screen.findByRole('button', { name: 'Acme Receivables, switch organisation' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Create organisation' }));
    expect(await screen.findByRole('heading', { name: 'Choose an organisation' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/org-select');
    expect(router.state.location.search).toEqual({ redirect_url: '/' });
  });

  it('names Activity with its unread count once, in words: “Activity, 1 unread reply” (decision 0046)', async () => {
    answerHome();
    server.use(onApi('GET /api/inbound/counts/', { unread: 1, unassigned: 0 }));
    renderRoute('/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main navigation' });
    const activity = await within(menu).findByRole('link', { name: 'Activity, 1 unread reply' });
    // The pill shows the digit; the name does not say it twice.
    expect(activity.textContent).toContain('1');
    expect(within(menu).getByRole('link', { name: 'Home' })).toBeTruthy();
  });

  it('shows an address nothing answers as not-found inside the app, with the menu and the account still there', async () => {
    server.use(onApi('GET /api/inbound/counts/', { unread: 0, unassigned: 0 }));
    renderRoute('/nope-nothing-here');
    expect(await screen.findByText('The page you are looking for does not exist.')).toBeTruthy();
    // jsdom is narrower than the breakpoint that keeps the menu open: its button is there.
    expect(screen.getByRole('button', { name: 'Open navigation menu' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Account menu, AA/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('switches to dark from the top bar and back, and keeps the choice for the next visit', async () => {
    // MUI keeps the choice in localStorage, which the next test file in this worker shares: put back after.
    const stored = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '').map((key) => [key, localStorage.getItem(key) ?? ''] as const);
    try {
      answerHome();
      const { unmount } = renderRoute('/home');
      const html = document.documentElement;
      fireEvent.click(await screen.findByRole('button', { name: 'Toggle colour scheme' }));
      // MUI marks the scheme it renders with a class on <html> (docs/decisions/0016-accessibility-checks.md).
      await waitFor(() => expect(html.classList.contains('dark')).toBe(true));

      // The next visit opens as it was left, not as the system says.
      unmount();
      answerHome();
      renderRoute('/home');
      await screen.findByRole('heading', { level: 1, name: 'Home' });
      expect(html.classList.contains('dark')).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Toggle colour scheme' }));
      await waitFor(() => expect(html.classList.contains('light')).toBe(true));
      expect(html.classList.contains('dark')).toBe(false);
    } finally {
      localStorage.clear();
      for (const [key, value] of stored) localStorage.setItem(key, value);
    }
  });
});
