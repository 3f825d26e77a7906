import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiRequests, onApi } from '../../../test/api-handlers';
import { customerDetail } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';

import { CustomerTagsCard } from './customer-tags-card';

const vip = { id: '44444444-4444-4444-8444-444444444441', name: 'VIP', colour: '#3949ab' };
const slow = { id: '44444444-4444-4444-8444-444444444442', name: 'Slow payer', colour: '#607d8b' };
const customer = customerDetail({ tags: [vip] });

function answerTags() {
  server.use(onApi('GET /api/tags', { rows: [slow, vip], total: 2 }), onApi('PUT /api/customers/:id/tags', customer));
}

const tagWrites = () => apiRequests('PUT /api/customers/:id/tags');
const tagListAsked = () => apiRequests('GET /api/tags').length > 0;

describe('CustomerTagsCard', () => {
  it('removes a tag by sending the rest', async () => {
    answerTags();
    renderWithApp(<CustomerTagsCard customer={customer} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove tag VIP' }));
    await waitFor(() => expect(tagWrites()).toHaveLength(1));
    expect(tagWrites()[0]).toMatchObject({ url: `/api/customers/${customer.id}/tags`, body: { tags: [] } });
    expect(await screen.findByText('Tag “VIP” removed')).toBeTruthy();
  });

  it('adds an existing tag by id, offering only tags the customer lacks', async () => {
    answerTags();
    renderWithApp(<CustomerTagsCard customer={customer} />);
    const input = await screen.findByRole('combobox', { name: 'Add tag' });
    await waitFor(() => expect(tagListAsked()).toBe(true));
    fireEvent.change(input, { target: { value: 'slow' } });
    const option = await screen.findByRole('option', { name: 'Slow payer' });
    expect(screen.queryByRole('option', { name: 'VIP' })).toBeNull();
    fireEvent.click(option);
    await waitFor(() => expect(tagWrites()).toHaveLength(1));
    expect(tagWrites()[0]!.body).toEqual({ tags: [{ id: vip.id }, { id: slow.id }] });
  });

  it('creates a new tag inline by name', async () => {
    answerTags();
    renderWithApp(<CustomerTagsCard customer={customer} />);
    const input = await screen.findByRole('combobox', { name: 'Add tag' });
    await waitFor(() => expect(tagListAsked()).toBe(true));
    fireEvent.change(input, { target: { value: 'Disputed' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Add “Disputed”' }));
    await waitFor(() => expect(tagWrites()).toHaveLength(1));
    expect(tagWrites()[0]!.body).toEqual({ tags: [{ id: vip.id }, { name: 'Disputed' }] });
    expect(tagWrites()[0]!.headers['idempotency-key']).toBeTruthy();
  });
});
