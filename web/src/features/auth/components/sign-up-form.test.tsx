import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '../../../test/render-route';

describe('Sign up at /signup', () => {
  // docs/product.md, Routes: creating an account is accepting the terms, so the form says so before its button.
  it('says creating an account accepts the terms, linking them and the privacy notice', async () => {
    const { router } = renderRoute('/signup', { isSignedOut: true });
    const form = (await screen.findByRole('button', { name: 'Create account' })).closest('form')!;
    expect(form.textContent).toContain('By creating an account you accept the Terms and Conditions and confirm you have read the Privacy Notice.');

    fireEvent.click(within(form).getByRole('link', { name: 'Terms and Conditions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/terms-and-conditions');

    router.history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    const again = (await screen.findByRole('button', { name: 'Create account' })).closest('form')!;
    fireEvent.click(within(again).getByRole('link', { name: 'Privacy Notice' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/privacy-notice');
  });
});
