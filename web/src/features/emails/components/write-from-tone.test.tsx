import type { EmailTemplatePreview, PreviewWording } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiRequests, onApi } from '../../../test/api-handlers';
import { customerPage, customerRecord } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { templateRecord } from '../../../test/workflow-data';

const customer = customerRecord({ name: 'Harbour Lane Bakery' });
const saved = templateRecord({ name: 'Firm, in our words', tone: 'firm', subject: 'Overdue: {{ amount_overdue }}', body: '<p>Dear {{ contact_name }}</p>' });

const letter = (wording: number, subject: string): PreviewWording => ({ wording, subject, html: `<p>${subject}</p>`, text: subject });
// Numbered as the server numbers them: a repeated wording (3) was dropped.
const WORDINGS = [letter(1, 'Payment overdue: £1,234.56'), letter(2, 'Harbour Lane Bakery: £1,234.56 is overdue'), letter(4, 'Your account with Acme: £1,234.56 overdue')];

/** The server's preview: written from the tone, three letters; as written, the draft's own subject. */
function preview(request: { body: unknown }): EmailTemplatePreview {
  const body = request.body as { variation: string; subject?: string };
  const to = [{ name: 'Sophie Taylor', email: 'sophie@harbour.example' }];
  if (body.variation !== 'full') return { subject: body.subject ?? '', html: '<p>as written</p>', text: 'as written', to, cc: [], problem: null, wordings: [] };
  const [first] = WORDINGS;
  return { subject: first?.subject ?? '', html: first?.html ?? '', text: first?.text ?? '', to, cc: [], problem: null, wordings: WORDINGS };
}

/** Settings → Templates, its one template open in the editor. */
async function openEditor(template = saved) {
  server.use(
    onApi('GET /api/emails/', { rows: [template], total: 1 }),
    onApi('GET /api/customers/', customerPage([customer])),
    onApi('POST /api/emails/preview/', preview),
    onApi('PUT /api/emails/:id/', (request) => ({ ...template, ...(request.body as object) })),
    onApi('POST /api/emails/:id/send_to_me', { to: 'ann@example.test', sample_customer: customer.name, subject: '[Test] x', message_id: '<1@x>', smtp_response: '250 OK' }),
  );
  renderRoute('/settings/templates');
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${template.name}` }));
  return screen.findByRole('dialog', { name: `Edit “${template.name}”` });
}

const writeFromTone = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('radio', { name: 'Write from the tone' }));

describe('Write from the tone in the template editor', () => {
  it('hides the subject, body and merge fields, saves without them, and keeps the text for a switch back', async () => {
    const dialog = await openEditor();
    writeFromTone(dialog);
    await waitFor(() => expect(within(dialog).queryByRole('textbox', { name: 'Subject' })).toBeNull());
    expect(within(dialog).queryByRole('textbox', { name: 'Body' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Insert / })).toBeNull();
    expect(within(dialog).getByRole('note').textContent).toContain('No subject or body to write');
    // Switched back, the text is there as it was; and away again for the save.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Send as written' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Subject' })).toHaveProperty('value', saved.subject);
    writeFromTone(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Template “Firm, in our words” saved')).toBeTruthy();
    expect(apiRequests('PUT /api/emails/:id/')[0]?.body).toMatchObject({ variation: 'full', subject: saved.subject, body: saved.body });
  });

  it('demands a subject and body sent as written, and neither written from the tone', async () => {
    const dialog = await openEditor();
    // Emptied as written: both are required…
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: '' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Body' }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText('Write a subject')).toBeTruthy();
    expect(within(dialog).getByText('Write the body')).toBeTruthy();
    // …written from the tone, neither is.
    writeFromTone(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Template “Firm, in our words” saved')).toBeTruthy();
    expect(apiRequests('PUT /api/emails/:id/')[0]?.body).toMatchObject({ variation: 'full', subject: '', body: '' });
  });

  it('previews three letters the tone writes for the customer, and Send to me sends the one shown', async () => {
    const dialog = await openEditor({ ...saved, variation: 'full', subject: '', body: '' });
    const tabs = await within(dialog).findByRole('tablist', { name: 'Wordings' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Wording 1', 'Wording 2', 'Wording 3']);
    expect(within(dialog).getByText(/Three of the letters Harbour Lane Bakery might get:$/)).toBeTruthy();
    expect(within(dialog).getByTestId('preview-subject').textContent).toBe('Payment overdue: £1,234.56');
    // Nothing written is sent for a preview: the tone writes it all.
    const [asked] = apiRequests('POST /api/emails/preview/');
    expect(asked?.body).toEqual({ tone: 'firm', kind: 'regular_email', variation: 'full', customer_id: customer.id });

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Wording 3' }));
    expect(within(dialog).getByTestId('preview-subject').textContent).toBe('Your account with Acme: £1,234.56 overdue');
    expect(within(dialog).getByRole('tabpanel', { name: 'Wording 3' })).toBeTruthy();

    const send = within(dialog).getByRole('button', { name: 'Send to me' });
    expect(document.getElementById(send.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Sends you the email as the preview shows it for Harbour Lane Bakery (wording 3).',
    );
    fireEvent.click(send);
    expect(await within(dialog).findByText('Sent to ann@example.test as it would reach Harbour Lane Bakery.')).toBeTruthy();
    expect(apiRequests('POST /api/emails/:id/send_to_me')[0]?.body).toEqual({ customer_id: customer.id, wording: 4 });
  });
});

