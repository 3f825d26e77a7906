import type { InboundAnswerResponse } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { inboundDetail, INBOUND_ID, REPLY_EVENT_ID, replyEventDetail } from '../../../test/inbound-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const ANSWER_ID = '0b7c6a52-8f6e-4d27-9a1e-5c3f2d1e0a98';
const SUBJECT = 'Re: Reminder: invoice INV-1042 is overdue';
const sent: InboundAnswerResponse = { answer_event_id: ANSWER_ID, status: 'success', reply: inboundDetail({ read: true }) };

/** The page's conversation once the answer is in it: the reminder, the reply, and ours. */
const answeredThread = () => [
  ...replyEventDetail().thread,
  { event_id: ANSWER_ID, direction: 'outbox' as const, subject: SUBJECT, from: 'Acme Receivables <ar@acme.test>', at: '2026-11-06T11:00:00.000Z', inbound_kind: null },
];

/** The reply's page, read as before until an answer was sent, and what the server answers to one. */
function openReply(answer: Response | InboundAnswerResponse | (() => Response | InboundAnswerResponse) = sent) {
  server.use(
    onApi('GET /api/events/:id/', () =>
      replyEventDetail({ read: true }, apiRequests('POST /api/inbound/:id/answer').length > 0 ? { thread: answeredThread() } : {})),
    onApi('POST /api/inbound/:id/answer', typeof answer === 'function' ? answer : () => answer),
  );
  renderRoute(`/emails/${REPLY_EVENT_ID}`);
  return screen.findByRole('region', { name: 'Answer' });
}

const answerBodies = () => apiRequests('POST /api/inbound/:id/answer').map((r) => r.body);
const field = (card: HTMLElement, name: RegExp) => within(card).getByRole<HTMLInputElement>('textbox', { name });
const type = (card: HTMLElement, text: string) => fireEvent.change(field(card, /Your answer/), { target: { value: text } });

describe('answering a reply in writing', () => {
  it('writes to whoever wrote, “Re:” their subject, sends what was typed, and shows the answer in the conversation', async () => {
    const card = await openReply();
    expect(card.textContent).toContain('To: Priya Natarajan <priya@northwind.example>');
    expect(field(card, /Subject/).value).toBe(SUBJECT);

    type(card, 'Dear Priya,\n\nWe are looking into the delivery now.');
    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));

    expect(await within(card).findByText(/Your answer was sent to Priya Natarajan\./)).toBeTruthy();
    expect(answerBodies()).toEqual([{ text: 'Dear Priya,\n\nWe are looking into the delivery now.', subject: SUBJECT }]);
    const [request] = apiRequests('POST /api/inbound/:id/answer');
    expect(request!.url).toBe(`/api/inbound/${INBOUND_ID}/answer`);
    expect(request!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(within(card).getByRole('link', { name: 'Open the answer' }).getAttribute('href')).toBe(`/emails/${ANSWER_ID}`);
    // Ready for another: the words gone, the subject as it was.
    expect(field(card, /Your answer/).value).toBe('');
    expect(field(card, /Subject/).value).toBe(SUBJECT);
    expect(await screen.findByText('Answer sent to Priya Natarajan')).toBeTruthy();
    // The page is read again: the conversation lists the answer after the reply.
    const conversation = await screen.findByRole('list', { name: 'Emails of the conversation' });
    await waitFor(() => expect(within(conversation).getAllByRole('listitem')).toHaveLength(3));
    expect(within(conversation).getAllByRole('link').at(-1)?.getAttribute('href')).toBe(`/emails/${ANSWER_ID}`);
  });

  it('asks for words before sending anything, and sends with Ctrl+Enter', async () => {
    const card = await openReply();
    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));
    expect(await within(card).findByText('Write your answer')).toBeTruthy();
    type(card, '   ');
    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answerBodies()).toEqual([]);

    type(card, 'Thank you, noted.');
    fireEvent.change(field(card, /Subject/), { target: { value: '' } });
    fireEvent.keyDown(field(card, /Your answer/), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(answerBodies()).toEqual([{ text: 'Thank you, noted.' }]));
  });

  it('shows a refusal in the server’s words and keeps what was written; sent again, the same words carry the same key', async () => {
    let calls = 0;
    const card = await openReply(() => {
      calls += 1;
      return calls === 1
        ? apiError(422, 'DOMAIN_RULE', 'Sending is disabled for the organisation: nothing is sent, even by hand', [{ field: 'sending', reason: 'sending is disabled' }])
        : sent;
    });
    type(card, 'We will call you tomorrow.');
    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Sending is disabled for the organisation: nothing is sent, even by hand');
    expect(field(card, /Your answer/).value).toBe('We will call you tomorrow.');

    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));
    expect(await within(card).findByText(/Your answer was sent to Priya Natarajan\./)).toBeTruthy();
    const keys = apiRequests('POST /api/inbound/:id/answer').map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('puts a refusal of the words on the field', async () => {
    const card = await openReply(apiError(400, 'VALIDATION_FAILED', 'The request is not valid', [{ field: 'text', reason: 'at most 10,000 characters' }]));
    type(card, 'Far too long, the server says.');
    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));
    expect(await within(card).findByText('at most 10,000 characters')).toBeTruthy();
    expect(field(card, /Your answer/).getAttribute('aria-invalid')).toBe('true');
  });

  it('says, while it goes, that it is sending, and sends once however often Send is pressed', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posted = 0;
    server.use(
      onApi('GET /api/events/:id/', replyEventDetail({ read: true })),
      http.post('/api/inbound/:id/answer', async () => {
        posted += 1;
        await held;
        return HttpResponse.json(sent);
      }),
    );
    renderRoute(`/emails/${REPLY_EVENT_ID}`);
    const card = await screen.findByRole('region', { name: 'Answer' });
    type(card, 'On its way.');
    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));
    const sending = await within(card).findByRole('button', { name: 'Sending…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(field(card, /Your answer/).disabled).toBe(true);
    fireEvent.click(sending);
    fireEvent.keyDown(field(card, /Your answer/), { key: 'Enter', ctrlKey: true });
    release();
    expect(await within(card).findByText(/Your answer was sent/)).toBeTruthy();
    expect(posted).toBe(1);
  });

  it('offers no answer to an automatic reply: it asks nothing', async () => {
    server.use(onApi('GET /api/events/:id/', replyEventDetail({ read: true, kind: 'auto_reply', triage: null })));
    renderRoute(`/emails/${REPLY_EVENT_ID}`);
    await screen.findByRole('region', { name: 'The auto-reply' });
    expect(screen.queryByRole('region', { name: 'Answer' })).toBeNull();
  });
});
