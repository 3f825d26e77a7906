import type { EmailTemplate, EmailTemplatePreview } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { type ApiAnswer, apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { customerPage, customerRecord } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { renderWithApp } from '../../../test/render-with-app';
import { templateRecord } from '../../../test/workflow-data';

import { TemplateEditorDialog } from './template-editor-dialog';

const template = templateRecord();
const topDebtor = customerRecord({ id: '11111111-1111-4111-8111-111111111111', name: 'Top Debtor Ltd', amount_overdue: 900_000 });
const bramble = customerRecord({ id: '22222222-2222-4222-8222-222222222222', name: 'Bramble Books', amount_overdue: 12_000 });

/** The preview as the server renders it for the customer asked for: their name in the subject. */
function previewFor(request: { body: unknown }): EmailTemplatePreview {
  const { customer_id: id } = request.body as { customer_id: string };
  const name = [topDebtor, bramble].find((c) => c.id === id)?.name ?? 'nobody';
  return { subject: `A friendly reminder for ${name}`, html: `<p>Dear ${name}</p>`, text: `Dear ${name}`, to: [{ name: null, email: 'ap@example.test' }], cc: [], problem: null, wordings: [] };
}

/**
 * Settings → Templates with `saved` open in its editor; the customers `customers` (the preview's
 * first is the first of them), Send to me answered by `answer`.
 */
async function openSaved(answer: ApiAnswer<'POST /api/emails/:id/send_to_me'>, customers = [topDebtor, bramble], saved: EmailTemplate = template) {
  server.use(
    onApi('GET /api/emails/', { rows: [saved], total: 1 }),
    onApi('GET /api/customers/', customerPage(customers)),
    onApi('POST /api/emails/preview/', previewFor),
    onApi('POST /api/emails/:id/send_to_me', answer),
  );
  renderRoute('/settings/templates');
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${saved.name}` }));
  return screen.findByRole('dialog', { name: `Edit “${saved.name}”` });
}

const sent = () => apiRequests('POST /api/emails/:id/send_to_me');

/** The words Send to me is described by: what it sends, or why it is disabled. */
function describedBy(button: HTMLElement): string | null | undefined {
  return document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;
}

const answered = (name: string) => ({ to: 'ann@example.test', sample_customer: name, subject: '[Test] A friendly reminder', message_id: '<1@acme.test>', smtp_response: '250 OK' });

describe('Send to me in the template editor', () => {
  it('sends the customer the person chose in the preview, not the first one, and says so before and after', async () => {
    const dialog = await openSaved(answered('Bramble Books'));
    // The preview starts with the first customer (the picker's order, biggest debts first)…
    await waitFor(() => expect(within(dialog).getByTestId('preview-subject').textContent).toBe('A friendly reminder for Top Debtor Ltd'));
    expect(apiRequests('GET /api/customers/')[0]?.query).toMatchObject({ sort_field: 'amount_overdue', sort_order: 'desc' });
    const button = within(dialog).getByRole('button', { name: 'Send to me' });
    expect(describedBy(button)).toBe('Sends you the email as the preview shows it for Top Debtor Ltd.');

    // …and the person chooses another there.
    const picker = within(dialog).getByRole('combobox', { name: 'Preview for customer' });
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Bramble Books' }));
    await waitFor(() => expect(within(dialog).getByTestId('preview-subject').textContent).toBe('A friendly reminder for Bramble Books'));
    expect(describedBy(button)).toBe('Sends you the email as the preview shows it for Bramble Books.');

    fireEvent.click(button);
    const result = (await within(dialog).findByText(/^Sent to/)).closest('[role="status"]');
    expect(result?.textContent).toBe('Sent to ann@example.test as it would reach Bramble Books.');
    const [request] = sent();
    expect(request?.params.id).toBe(template.id);
    expect(request?.body).toEqual({ customer_id: bramble.id });
    expect(request?.headers['idempotency-key']).toBeTruthy();
  });

  it('with no customers, sends for a sample customer and says so', async () => {
    const dialog = await openSaved(answered('Sample Customer Ltd'), []);
    const button = within(dialog).getByRole('button', { name: 'Send to me' });
    await waitFor(() => expect(describedBy(button)).toBe('Sends you the email filled in for a sample customer.'));
    fireEvent.click(button);
    expect(await within(dialog).findByText('Sent to ann@example.test as it would reach Sample Customer Ltd.')).toBeTruthy();
    expect(sent()[0]?.body).toEqual({});
  });

  it('shows the server’s reason when no mail server is set (422)', async () => {
    const dialog = await openSaved(apiError(422, 'DOMAIN_RULE', 'No mail server or from address is configured'));
    const button = within(dialog).getByRole('button', { name: 'Send to me' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toBe('Not sent: No mail server or from address is configuredOpen Settings → Email');
    expect(within(refusal).getByRole('link', { name: 'Open Settings → Email' }).getAttribute('href')).toBe('/settings/email');
    fireEvent.click(within(within(dialog).getByRole('alert')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

  it('is disabled while there are unsaved changes, and says why in words beside it', async () => {
    const dialog = await openSaved(apiError(500, 'INTERNAL', 'not expected'));
    const button = within(dialog).getByRole('button', { name: 'Send to me' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: 'A firmer reminder' } });
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    const reason = 'Save your changes first: Send to me sends the saved template.';
    // Shown, not only on hover (a phone has none), and the disabled button's description.
    expect(within(dialog).getByText(reason)).toBeTruthy();
    expect(describedBy(button)).toBe(reason);
    expect(sent()).toEqual([]);

    // Undone, it is offered again.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: template.subject } });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(within(dialog).queryByText(reason)).toBeNull();
  });

  it('is not offered for a template not saved yet', async () => {
    server.use(onApi('GET /api/customers/', customerPage([], 0)));
    renderWithApp(<TemplateEditorDialog target={{ draft: { name: 'New', tone: 'firm', kind: 'regular_email', variation: 'none', subject: 's', body: 'b' } }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    expect(within(dialog).queryByRole('button', { name: 'Send to me' })).toBeNull();
  });
});
