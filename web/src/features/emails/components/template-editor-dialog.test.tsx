import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApiCalls, type StubbedCall } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render-with-app';
import { blankDraft } from '../template-form-values';

import { TemplateEditorDialog } from './template-editor-dialog';

/** No customers (so no preview is asked for), and `onWrite` answers the save. */
function stub(onWrite: (call: StubbedCall) => Response = () => Response.json({}, { status: 201 })) {
  return stubApiCalls(
    (call) => {
      if (call.url.startsWith('/api/customers/')) return Response.json({ rows: [], total: 0 });
      if (call.url === '/api/emails/') return onWrite(call);
      return undefined;
    },
    (fetch) => vi.stubGlobal('fetch', vi.fn(fetch as typeof globalThis.fetch)),
  );
}

const draft = { ...blankDraft(), name: 'Nudge', subject: 'Overdue: ', body: '<p>Dear ,</p>' };

async function openEditor() {
  renderWithApp(<TemplateEditorDialog target={{ draft }} onClose={() => undefined} />);
  return screen.findByRole('dialog', { name: 'New template' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    const calls = stub(() =>
      Response.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The template cannot be used: body line 2: unknown merge field "nickname"',
            details: [{ field: 'body', reason: 'line 2: unknown merge field "nickname"' }],
          },
        },
        { status: 400 },
      ),
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
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Nudge', tone: 'friendly-reminder', kind: 'regular_email' });
  });
});
