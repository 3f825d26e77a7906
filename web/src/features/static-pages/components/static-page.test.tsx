import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '../../../test/render-route';

const NOT_FOUND = 'The page you are looking for does not exist.';

/** The footer's link named `name`. */
const footerLink = (name: string) => within(screen.getByRole('contentinfo')).getByRole('link', { name });

describe('the open pages, signed out', () => {
  it.each([
    ['/cookie-notice', /cookie/i],
    ['/privacy-notice', /privacy/i],
    ['/terms-and-conditions', /terms/i],
  ])('%s is a real page, open to a visitor who has not signed in', async (path, heading) => {
    const { router } = renderRoute(path, { isSignedOut: true });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByText(NOT_FOUND)).toBeNull();
    // A page of text, not a stub.
    const words = screen.getByRole('main').textContent.split(/\s+/).filter(Boolean);
    expect(words.length).toBeGreaterThan(150);
  });

  it('shows not-found for any other name; Go back returns to the page before, and Start Over to the start, which is sign-in', async () => {
    const { router } = renderRoute('/privacy-notice', { isSignedOut: true });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' });
    await router.navigate({ to: '/$pageName', params: { pageName: 'no-such-page' } });
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy-notice'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeTruthy();

    await router.navigate({ href: '/a/deeper/unknown/path' });
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Start Over' }));
    // The start is Home, which asks a visitor to sign in first and then goes there.
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toEqual({ redirect_url: '/home' });
  });

  it('links from the footer to the terms and the privacy notice', async () => {
    const { router } = renderRoute('/cookie-notice', { isSignedOut: true });
    await screen.findByRole('heading', { level: 1, name: 'Cookie Notice' });
    fireEvent.click(footerLink('Terms and Conditions'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/terms-and-conditions');
    fireEvent.click(footerLink('Privacy Notice'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/privacy-notice');
  });

  it('gives the privacy notice one name: the footer link, the terms that cite it and its heading agree', async () => {
    renderRoute('/terms-and-conditions', { isSignedOut: true });
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' });
    expect(footerLink('Privacy Notice')).toBeTruthy();
    expect(screen.getByRole('main').textContent).toContain('as described in our Privacy Notice');
    fireEvent.click(footerLink('Privacy Notice'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Privacy Notice');
    expect(screen.queryByText(/privacy policy/i)).toBeNull();
  });
});
