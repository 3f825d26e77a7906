import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiRequests, onApi } from '../../../test/api-handlers';
import { EVENT_ID, sentEventDetail } from '../../../test/event-data';
import { inboundDetail, INBOUND_ID, REPLY_EVENT_ID, replyEventDetail } from '../../../test/inbound-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const PDF_ID = '77777777-7777-4777-8777-777777777771';
const HUGE_ID = '77777777-7777-4777-8777-777777777772';
const attachments = [
  { id: PDF_ID, filename: 'delivery-note.pdf', content_type: 'application/pdf', size: 52_430, stored: true },
  { id: HUGE_ID, filename: 'photos.zip', content_type: 'application/zip', size: 12_582_912, stored: false },
];

function answerReply(detail = replyEventDetail()) {
  server.use(onApi('GET /api/events/:id/', detail), onApi('POST /api/inbound/:id/read', new HttpResponse(null, { status: 204 })));
}

const region = (name: string) => screen.findByRole('region', { name });

afterEach(() => vi.restoreAllMocks());

describe('a received email at /emails/{eventId}', () => {
  it('reads as the reply: who wrote it and when, how it was matched, their own words with the suggestion’s words marked', async () => {
    answerReply();
    renderRoute(`/emails/${REPLY_EVENT_ID}`);
    const card = await region('The reply');
    expect(within(card).getByText('Reply')).toBeTruthy();
    expect(card.textContent).toContain('FromPriya Natarajan <priya@northwind.example>');
    expect(card.textContent).toContain('Received6 November 2026 at 10:15 (Europe/London)');
    expect(card.textContent).toContain('Found its customerBy the email it answers');
    expect(card.textContent).toContain('We dispute invoice INV-1042 — the goods never arrived.');
    // The quoted reminder under it is not their words.
    expect(card.textContent).not.toContain('A friendly reminder about');
    expect([...card.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['dispute', 'never arrived']);
    // Not "what would go out": this is not our email.
    expect(screen.queryByRole('region', { name: 'The email' })).toBeNull();
  });

  it('shows the whole message on request: the HTML in the sandboxed frame, or the text with its quotes', async () => {
    answerReply();
    renderRoute(`/emails/${REPLY_EVENT_ID}`);
    const card = await region('The reply');
    const toggle = within(card).getByRole('button', { name: 'Show the whole message' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(card.querySelector('iframe')).toBeNull();
    fireEvent.click(toggle);
    expect(within(card).getByRole('button', { name: 'Hide the whole message' }).getAttribute('aria-expanded')).toBe('true');
    const frame = card.querySelector('iframe');
    expect(frame?.getAttribute('sandbox')).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(frame?.getAttribute('title')).toBe('Received email: RE: Reminder: invoice INV-1042 is overdue');
    fireEvent.click(within(card).getByRole('button', { name: 'Plain text' }));
    expect(within(card).getByLabelText('Plain-text part').textContent).toContain('> A friendly reminder about £1,234.56');
  });

  it('marks an unread reply read once when it is opened, then reads the counts again', async () => {
    answerReply();
    server.use(onApi('GET /api/inbound/counts/', { unread: 1, unassigned: 0 }));
    const { queryClient } = renderRoute(`/emails/${REPLY_EVENT_ID}`);
    await region('The reply');
    await waitFor(() => expect(apiRequests('POST /api/inbound/:id/read')).toHaveLength(1));
    expect(apiRequests('POST /api/inbound/:id/read')[0]!.url).toBe(`/api/inbound/${INBOUND_ID}/read`);
    // The menu's count is read again after it.
    await waitFor(() => expect(apiRequests('GET /api/inbound/counts/')).toHaveLength(2));
    // The page read again (another tab, a refetch) still says unread: it is not marked twice.
    await queryClient.invalidateQueries({ queryKey: ['events', 'detail', REPLY_EVENT_ID] });
    await waitFor(() => expect(apiRequests('GET /api/events/:id/').length).toBeGreaterThan(1));
    expect(apiRequests('POST /api/inbound/:id/read')).toHaveLength(1);
  });

  it('does not mark a reply someone has read already', async () => {
    answerReply(replyEventDetail({ read: true }));
    renderRoute(`/emails/${REPLY_EVENT_ID}`);
    await region('The reply');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(apiRequests('POST /api/inbound/:id/read')).toHaveLength(0);
  });

  it('lists its files, downloads a kept one with the session’s token, and offers none for a file too large to keep', async () => {
    answerReply(replyEventDetail({ attachments }));
    const downloads: { url: string; authorization: string | null }[] = [];
    server.use(
      http.get('/api/inbound/:id/attachments/:attachmentId', ({ request }) => {
        downloads.push({ url: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="delivery-note.pdf"' } });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:attachment');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoute(`/emails/${REPLY_EVENT_ID}`);
    const files = within(await region('The reply')).getByRole('list', { name: 'Attachments' });
    const [pdf, zip] = within(files).getAllByRole('listitem');
    expect(pdf!.textContent).toContain('delivery-note.pdfapplication/pdf · 51 KB');
    expect(zip!.textContent).toContain('photos.zipapplication/zip · 12 MB');
    expect(zip!.textContent).toContain('Too large to keep');
    expect(within(zip!).queryByRole('button')).toBeNull();

    fireEvent.click(within(pdf!).getByRole('button', { name: 'Download delivery-note.pdf' }));
    await waitFor(() => expect(saved).toEqual(['delivery-note.pdf']));
    expect(downloads).toEqual([{ url: `/api/inbound/${INBOUND_ID}/attachments/${PDF_ID}`, authorization: expect.stringMatching(/^Bearer /) as unknown }]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows the conversation: the reminder it answers and the reply, each a link, this one marked', async () => {
    answerReply();
    renderRoute(`/emails/${REPLY_EVENT_ID}`);
    const conversation = within(await region('Conversation')).getByRole('list', { name: 'Emails of the conversation' });
    const [sent, received] = within(conversation).getAllByRole('listitem');
    expect(sent!.textContent).toContain('Sent · 5 November 2026 at 09:00');
    expect(within(sent!).getByRole('link', { name: 'Reminder: invoice INV-1042 is overdue' }).getAttribute('href')).toBe(`/emails/${EVENT_ID}`);
    expect(within(sent!).getByRole('link').getAttribute('aria-current')).toBeNull();
    expect(received!.textContent).toContain('Received · 6 November 2026 at 10:15');
    expect(within(received!).getByTitle('Priya Natarajan <priya@northwind.example>').textContent).toBe('Priya Natarajan');
    const current = within(received!).getByRole('link', { name: 'RE: Reminder: invoice INV-1042 is overdue' });
    expect(current.getAttribute('href')).toBe(`/emails/${REPLY_EVENT_ID}`);
    expect(current.getAttribute('aria-current')).toBe('page');
  });

  it('shows the conversation on the email we sent too, and none for an email alone', async () => {
    const thread = replyEventDetail().thread;
    server.use(onApi('GET /api/events/:id/', ({ params }) => (params.id === EVENT_ID ? sentEventDetail({ thread }) : sentEventDetail({ id: String(params.id) }))));
    renderRoute(`/emails/${EVENT_ID}`);
    const conversation = await region('Conversation');
    expect(within(conversation).getByRole('link', { name: 'Reminder: invoice INV-1042 is overdue' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('region', { name: 'The email' })).toBeTruthy();
    expect(apiRequests('POST /api/inbound/:id/read')).toHaveLength(0);
  });

  it('reads an out-of-office: the day they are back, from which words, and makes the stand-in the primary contact after asking', async () => {
    const autoReply = {
      kind: 'auto_reply' as const,
      triage: null,
      auto_reply: {
        signals: ['Auto-Submitted: auto-replied'],
        out_of_office: { returns_on: '2026-12-10', return_phrase: 'back on Thursday 10th', stand_in: { email: 'jane@northwind.example', name: 'Jane Doe' } },
      },
    };
    answerReply(replyEventDetail(autoReply, { subject: 'Automatic reply: Reminder' }));
    server.use(
      onApi('POST /api/inbound/:id/triage', inboundDetail({ ...autoReply, triage_action: 'replace_contact', triage_acted_at: '2026-11-23T10:00:00.000Z', triage_actor_name: 'Ann Accountant' })),
    );
    renderRoute(`/emails/${REPLY_EVENT_ID}`);
    expect(await region('The auto-reply')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Suggested next step' })).toBeNull();
    const note = screen.getByText('Out of office').closest('.MuiAlert-root') as HTMLElement;
    expect(note.textContent).toContain('Back on Thursday 10 December, read from the words “back on Thursday 10th”.');
    expect(note.textContent).toContain('Jane Doe <jane@northwind.example> is standing in.');

    fireEvent.click(within(note).getByRole('button', { name: 'Make primary contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make the stand-in the primary contact?' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Email' }).value).toBe('jane@northwind.example');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Jane Doe');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make primary contact' }));

    await waitFor(() => expect(apiRequests('POST /api/inbound/:id/triage')).toHaveLength(1));
    expect(apiRequests('POST /api/inbound/:id/triage')[0]).toMatchObject({ url: `/api/inbound/${INBOUND_ID}/triage`, body: { action: 'replace_contact', email: 'jane@northwind.example', name: 'Jane Doe' } });
    expect(await within(note).findByText('Made the primary contact by Ann Accountant on 23 November 2026.')).toBeTruthy();
    expect(within(note).queryByRole('button', { name: 'Make primary contact' })).toBeNull();
  });
});
