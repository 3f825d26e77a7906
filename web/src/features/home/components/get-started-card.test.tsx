import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { onApi } from '../../../test/api-handlers';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';

import { GetStartedCard } from './get-started-card';

/** The reason a disabled step's button gives when hovered: the tooltip that describes it. */
async function reasonOf(name: string): Promise<string | null | undefined> {
  const button = screen.getByRole('button', { name });
  expect(button).toHaveProperty('disabled', true);
  const wrapper = button.parentElement!;
  fireEvent.mouseOver(wrapper);
  const tooltipId = await waitFor(() => wrapper.getAttribute('aria-describedby') ?? expect.fail('no tooltip yet'));
  return document.getElementById(tooltipId)?.textContent;
}

describe('GetStartedCard', () => {
  it('offers an owner all three ways in', async () => {
    renderWithApp(<GetStartedCard />);
    expect((await screen.findByRole('link', { name: 'Import from CSV' })).getAttribute('href')).toBe('/customers/import');
    expect((await screen.findByRole('link', { name: 'Connect Stripe' })).getAttribute('href')).toBe('/settings/integrations');
    fireEvent.click(screen.getByRole('button', { name: 'Add a customer' }));
    expect(await screen.findByRole('dialog', { name: 'Add a customer' })).toBeTruthy();
  });

  it('leaves Stripe out on a server not set up to connect it (decision 0046)', async () => {
    server.use(onApi('GET /api/instance/', { account_mail: 'smtp', stripe_connect: false }));
    renderWithApp(<GetStartedCard />);
    expect(await screen.findByRole('link', { name: 'Import from CSV' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByText('Or connect Stripe')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Connect Stripe' })).toBeNull();
  });

  it('shows a member the steps with each button disabled, saying who can take it', async () => {
    renderWithApp(<GetStartedCard />, { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    await screen.findByRole('heading', { name: 'Get started' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(await reasonOf('Import from CSV')).toBe('Only an admin or the owner can import customers.');
    expect(await reasonOf('Add a customer')).toBe('Only an admin or the owner can add or change customers, invoices and payments.');
    await screen.findByRole('button', { name: 'Connect Stripe' });
    expect(await reasonOf('Connect Stripe')).toBe('Only an admin or the owner can connect or disconnect integrations.');
    fireEvent.click(screen.getByRole('button', { name: 'Add a customer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
