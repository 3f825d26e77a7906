import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { type ApiAnswer, apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { customerPage } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { templateRecord } from '../../../test/workflow-data';

import { TemplateEditorDialog } from './template-editor-dialog';

const template = templateRecord();

/** The saved template open in the editor, with no customers (so no preview), Send to me answered by `answer`. */
async function openSaved(answer: ApiAnswer<'POST /api/emails/:id/send_to_me'>) {
  server.use(onApi('GET /api/customers/', customerPage([], 0)), onApi('POST /api/emails/:id/send_to_me', answer));
  renderWithApp(<TemplateEditorDialog target={{ template }} onClose={() => undefined} />);
  return screen.findByRole('dialog', { name: `Edit “${template.name}”` });
}

const sent = () => apiRequests('POST /api/emails/:id/send_to_me');

describe('Send to me in the template editor', () => {
  it('sends the saved template to the signed-in person and says to whom, for which customer', async () => {
    const dialog = await openSaved({
      to: 'ann@example.test',
      sample_customer: 'Acme Widgets Ltd',
      subject: 'A friendly reminder',
      message_id: '<1@acme.test>',
      smtp_response: '250 OK',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to me' }));
    const result = (await within(dialog).findByText(/^Sent to/)).closest('[role="status"]');
    expect(result?.textContent).toBe('Sent to ann@example.test as it would reach Acme Widgets Ltd.');
    const [request] = sent();
    expect(request?.params.id).toBe(template.id);
    expect(request?.body).toBeUndefined();
    expect(request?.headers['idempotency-key']).toBeTruthy();
  });

  it('shows the server’s reason when no mail server is set (422)', async () => {
    const dialog = await openSaved(apiError(422, 'DOMAIN_RULE', 'No mail server or from address is configured'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to me' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toBe('Not sent: No mail server or from address is configuredOpen Settings → Email');
    expect(within(refusal).getByRole('link', { name: 'Open Settings → Email' }).getAttribute('href')).toBe('/settings/email');
    fireEvent.click(within(within(dialog).getByRole('alert')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

  it('is disabled while there are unsaved changes, and says why', async () => {
    const dialog = await openSaved(apiError(500, 'INTERNAL', 'not expected'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: 'A firmer reminder' } });
    const button = within(dialog).getByRole('button', { name: 'Send to me' });
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    // The reason on hover; the disabled button's wrapper takes focus, so the keyboard reaches it too.
    const wrapper = button.parentElement!;
    expect(wrapper.getAttribute('tabindex')).toBe('0');
    fireEvent.mouseOver(wrapper);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Save your changes first: Send to me sends the saved template');
    expect(sent()).toEqual([]);
  });

  it('is not offered for a template not saved yet', async () => {
    server.use(onApi('GET /api/customers/', customerPage([], 0)));
    renderWithApp(<TemplateEditorDialog target={{ draft: { name: 'New', tone: 'firm', kind: 'regular_email', variation: 'none', subject: 's', body: 'b' } }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    expect(within(dialog).queryByRole('button', { name: 'Send to me' })).toBeNull();
  });
});
