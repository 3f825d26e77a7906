import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { customerRecord } from '../../../test/customer-data';
import { stubApiCalls } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render-with-app';

import { CustomerTagsCard } from './customer-tags-card';

const vip = { id: '44444444-4444-4444-8444-444444444441', name: 'VIP', colour: '#3949ab' };
const slow = { id: '44444444-4444-4444-8444-444444444442', name: 'Slow payer', colour: '#607d8b' };
const customer = customerRecord({ tags: [vip] });

function stub() {
  return stubApiCalls(
    (call) => {
      if (call.url === '/api/tags') return Response.json({ rows: [slow, vip], total: 2 });
      if (call.url.endsWith('/tags')) return Response.json(customer);
      return undefined;
    },
    (fetch) => vi.stubGlobal('fetch', vi.fn(fetch as typeof globalThis.fetch)),
  );
}

const tagWrites = (calls: ReturnType<typeof stub>) => calls.filter((c) => c.method === 'PUT');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CustomerTagsCard', () => {
  it('removes a tag by sending the rest', async () => {
    const calls = stub();
    renderWithApp(<CustomerTagsCard customer={customer} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove tag VIP' }));
    await waitFor(() => expect(tagWrites(calls)).toHaveLength(1));
    expect(tagWrites(calls)[0]).toMatchObject({ url: `/api/customers/${customer.id}/tags`, body: { tags: [] } });
    expect(await screen.findByText('Tag “VIP” removed')).toBeTruthy();
  });

  it('adds an existing tag by id, offering only tags the customer lacks', async () => {
    const calls = stub();
    renderWithApp(<CustomerTagsCard customer={customer} />);
    const input = await screen.findByRole('combobox', { name: 'Add tag' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/tags')).toBe(true));
    fireEvent.change(input, { target: { value: 'slow' } });
    const option = await screen.findByRole('option', { name: 'Slow payer' });
    expect(screen.queryByRole('option', { name: 'VIP' })).toBeNull();
    fireEvent.click(option);
    await waitFor(() => expect(tagWrites(calls)).toHaveLength(1));
    expect(tagWrites(calls)[0]!.body).toEqual({ tags: [{ id: vip.id }, { id: slow.id }] });
  });

  it('creates a new tag inline by name', async () => {
    const calls = stub();
    renderWithApp(<CustomerTagsCard customer={customer} />);
    const input = await screen.findByRole('combobox', { name: 'Add tag' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/tags')).toBe(true));
    fireEvent.change(input, { target: { value: 'Disputed' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Add “Disputed”' }));
    await waitFor(() => expect(tagWrites(calls)).toHaveLength(1));
    expect(tagWrites(calls)[0]!.body).toEqual({ tags: [{ id: vip.id }, { name: 'Disputed' }] });
    expect(tagWrites(calls)[0]!.headers['idempotency-key']).toBeTruthy();
  });
});
