import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { type ApiAnswer, apiError, apiRequests, onApi, withStatus } from '../../../test/api-handlers';
import { customerPage } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { blankDraft } from '../template-form-values';

import { TemplateEditorDialog } from './template-editor-dialog';

/** No customers (so no preview is asked for), and `onWrite` answers the save. */
function stub(onWrite: () => ApiAnswer<'POST /api/emails/'> = () => withStatus(201, {})) {
  server.use(onApi('GET /api/customers/', customerPage([], 0)), onApi('POST /api/emails/', onWrite));
}

const draft = { ...blankDraft(), name: 'Nudge', subject: 'Overdue: ', body: '<p>Dear ,</p>' };

async function openEditor() {
  renderWithApp(<TemplateEditorDialog target={{ draft }} onClose={() => undefined} />);
  return screen.findByRole('dialog', { name: 'New template' });
}

describe('TemplateEditorDialog', () => {
  it('inserts a merge field at the caret of the field focused last', async () => {
    stub();
    const dialog = await openEditor();
    const body = within(dialog).getByRole('textbox', { name: 'Body' });
    const subject = within(dialog).getByRole('textbox', { name: 'Subject' });

    // The caret after "Dear " in the body.
    fireEvent.focus(body);
    (body as HTMLTextAreaElement).setSelectionRange(8, 8);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert Name of the person written to' }));
    await waitFor(() => expect(body).toHaveProperty('value', '<p>Dear {{ contact_name }},</p>'));

    // Then the subject, its whole text selected and replaced.
    fireEvent.focus(subject);
    (subject as HTMLTextAreaElement).setSelectionRange(0, 9);
    expect(within(dialog).getByText(/Insert puts one at the cursor in the subject/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert Amount overdue, formatted' }));
    await waitFor(() => expect(subject).toHaveProperty('value', '{{ amount_overdue }}'));
    expect(body).toHaveProperty('value', '<p>Dear {{ contact_name }},</p>');
  });

  it('shows the server’s refusal of a line under the field it names, keeping the text', async () => {
    stub(() =>
      apiError(400, 'VALIDATION_FAILED', 'The template cannot be used: body line 2: unknown merge field "nickname"', [
        { field: 'body', reason: 'line 2: unknown merge field "nickname"' },
      ]),
    );
    const dialog = await openEditor();
    const body = within(dialog).getByRole('textbox', { name: 'Body' });
    fireEvent.change(body, { target: { value: '<p>Hi</p>\n<p>{{ nickname }}</p>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));

    expect(await within(dialog).findByText('line 2: unknown merge field "nickname"')).toBeTruthy();
    expect(body.getAttribute('aria-invalid')).toBe('true');
    expect(body).toHaveProperty('value', '<p>Hi</p>\n<p>{{ nickname }}</p>');
    // Placed on its field, so no second copy of the message above the form.
    expect(within(dialog).queryByText(/The template cannot be used/)).toBeNull();
    expect(apiRequests('POST /api/emails/')[0]?.body).toMatchObject({ name: 'Nudge', tone: 'friendly-reminder', kind: 'regular_email' });
  });
});
