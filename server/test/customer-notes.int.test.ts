import {
  type AuditListResponse,
  type CustomerNote,
  type CustomerNoteListResponse,
  customerNoteSchema,
  type TimelineResponse,
  type ToDo,
} from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { getToDo } from '../src/modules/home/get-to-do';

import { useIntegrationEnv } from './integration-env';
import { expectError, insertCustomer, isoDay, joinWithRole, okBody, signUpWithOrg } from './support';

/**
 * Issue 30, scope 3 (decision 0043): notes and logged calls on a customer, with follow-up days
 * that land on Home's To do on their day until marked done.
 */
const env = useIntegrationEnv();

/** Midday UTC of a London day: that day in a new organisation's zone, whatever the season. */
const middayOf = (day: string) => new Date(`${day}T12:00:00Z`);

async function setUp() {
  const owner = await signUpWithOrg(env.server, { name: 'Ann Owner' });
  const customer = await insertCustomer(env.db.db, owner.orgId, { name: 'Acme Ltd' });
  const notesOf = async (id = customer.id) => okBody(await owner.api<CustomerNoteListResponse>('GET', `/api/customers/${id}/notes/`));
  return { owner, customer, notesOf };
}

describe('notes and calls', () => {
  it('adds a note and logs a call, lists them newest first with who wrote them, edits and deletes them', async () => {
    const { owner, customer, notesOf } = await setUp();
    // As the web app sends it, with an Idempotency-Key: the writer is named from inside the write's transaction too.
    const key = { 'idempotency-key': crypto.randomUUID() };
    const note = await owner.api<CustomerNote>('POST', `/api/customers/${customer.id}/notes/`, { kind: 'note', body: '  Finance moved to Leeds  ' }, key);
    expect(note.status).toBe(201);
    expect(customerNoteSchema.parse(note.body)).toMatchObject({ kind: 'note', body: 'Finance moved to Leeds', contact_name: null, outcome: null, follow_up_on: null, created_by_name: 'Ann Owner' });

    const calledAt = new Date(Date.now() - 3_600_000).toISOString();
    const call = okBody(
      await owner.api<CustomerNote>('POST', `/api/customers/${customer.id}/notes/`, {
        kind: 'call',
        contact_name: 'Jane Smith',
        outcome: 'left_message',
        happened_at: calledAt,
        body: 'Asked her to call back about INV-7',
        follow_up_on: isoDay(4),
      }),
    );
    expect(call).toMatchObject({ kind: 'call', contact_name: 'Jane Smith', outcome: 'left_message', happened_at: calledAt, follow_up_on: isoDay(4), follow_up_done_at: null });

    // The note was written now, the call an hour ago: the note comes first.
    expect((await notesOf()).rows.map((n) => n.id)).toEqual([note.body.id, call.id]);

    const edited = okBody(await owner.api<CustomerNote>('PUT', `/api/notes/${call.id}/`, { outcome: 'spoke', body: 'She will pay on Friday' }, { 'idempotency-key': crypto.randomUUID() }));
    expect(edited.created_by_name).toBe('Ann Owner');
    expect(edited).toMatchObject({ outcome: 'spoke', body: 'She will pay on Friday', contact_name: 'Jane Smith', follow_up_on: isoDay(4) });

    expect((await owner.api('DELETE', `/api/notes/${note.body.id}/`)).status).toBe(204);
    expectError(await owner.api('DELETE', `/api/notes/${note.body.id}/`), 404, 'NOT_FOUND');
    const after = await notesOf();
    expect(after).toMatchObject({ total: 1, rows: [{ id: call.id, outcome: 'spoke' }] });
  });

  it('refuses what cannot be true, naming the field', async () => {
    const { owner, customer } = await setUp();
    const post = (body: Record<string, unknown>) => owner.api('POST', `/api/customers/${customer.id}/notes/`, body);
    expectError(await post({ kind: 'note', body: '   ' }), 400, 'VALIDATION_FAILED', 'body');
    expectError(await post({ kind: 'call', outcome: 'spoke' }), 400, 'VALIDATION_FAILED', 'contact_name');
    expectError(await post({ kind: 'call', contact_name: 'Jane', outcome: 'shouted' }), 400, 'VALIDATION_FAILED', 'outcome');
    expectError(await post({ kind: 'call', contact_name: 'Jane', outcome: 'spoke', happened_at: new Date(Date.now() + 3_600_000).toISOString() }), 422, 'DOMAIN_RULE', 'happened_at');
    expectError(await post({ kind: 'note', body: 'Late', follow_up_on: isoDay(-1) }), 422, 'DOMAIN_RULE', 'follow_up_on');
    // Today, in the organisation's zone, is a follow-up day.
    expect((await post({ kind: 'note', body: 'Ring today', follow_up_on: isoDay(0) })).status).toBe(201);

    const note = okBody(await owner.api<CustomerNote>('POST', `/api/customers/${customer.id}/notes/`, { kind: 'note', body: 'Plain' }));
    expectError(await owner.api('PUT', `/api/notes/${note.id}/`, { outcome: 'spoke' }), 422, 'DOMAIN_RULE', 'outcome');
    expectError(await owner.api('PUT', `/api/notes/${note.id}/`, { follow_up_on: isoDay(-2) }), 422, 'DOMAIN_RULE', 'follow_up_on');
    expectError(await owner.api('POST', `/api/notes/${note.id}/follow-up-done`), 422, 'DOMAIN_RULE', 'id');
    expect(okBody(await owner.api<CustomerNoteListResponse>('GET', `/api/customers/${customer.id}/notes/`)).total).toBe(2);
  });

  it('lets a member read but not write (403), and answers another organisation’s customer or note as not found', async () => {
    const { owner, customer, notesOf } = await setUp();
    const note = okBody(await owner.api<CustomerNote>('POST', `/api/customers/${customer.id}/notes/`, { kind: 'note', body: 'Owner’s note', follow_up_on: isoDay(1) }));
    const member = await joinWithRole(env.server, env.db.db, owner.orgId, 'member');
    expect(okBody(await member.api<CustomerNoteListResponse>('GET', `/api/customers/${customer.id}/notes/`)).total).toBe(1);
    expectError(await member.api('POST', `/api/customers/${customer.id}/notes/`, { kind: 'note', body: 'Mine' }), 403, 'FORBIDDEN');
    expectError(await member.api('PUT', `/api/notes/${note.id}/`, { body: 'Changed' }), 403, 'FORBIDDEN');
    expectError(await member.api('DELETE', `/api/notes/${note.id}/`), 403, 'FORBIDDEN');
    expectError(await member.api('POST', `/api/notes/${note.id}/follow-up-done`), 403, 'FORBIDDEN');

    // An admin may change anyone's note (decision 0043), not only their own.
    const admin = await joinWithRole(env.server, env.db.db, owner.orgId, 'admin');
    expect(okBody(await admin.api<CustomerNote>('PUT', `/api/notes/${note.id}/`, { body: 'Corrected' }))).toMatchObject({ body: 'Corrected', created_by_name: 'Ann Owner' });

    const stranger = await signUpWithOrg(env.server);
    expectError(await stranger.api('GET', `/api/customers/${customer.id}/notes/`), 404, 'NOT_FOUND');
    expectError(await stranger.api('POST', `/api/customers/${customer.id}/notes/`, { kind: 'note', body: 'Hello' }), 404, 'NOT_FOUND');
    expectError(await stranger.api('PUT', `/api/notes/${note.id}/`, { body: 'Mine now' }), 404, 'NOT_FOUND');
    expectError(await stranger.api('POST', `/api/notes/${note.id}/follow-up-done`), 404, 'NOT_FOUND');
    expectError(await stranger.api('DELETE', `/api/notes/${note.id}/`), 404, 'NOT_FOUND');
    expect((await notesOf()).rows).toMatchObject([{ id: note.id, body: 'Corrected', follow_up_done_at: null }]);
  });

  it('puts a follow-up on To do on its day, not the day before, until it is marked done', async () => {
    const { owner, customer } = await setUp();
    const toDo = async () => okBody(await owner.api<ToDo>('GET', '/api/home/to-do'));
    const call = okBody(
      await owner.api<CustomerNote>('POST', `/api/customers/${customer.id}/notes/`, {
        kind: 'call',
        contact_name: 'Jane Smith',
        outcome: 'no_answer',
        follow_up_on: isoDay(1),
      }),
    );
    // Today is the day before: nothing to follow up.
    expect(await toDo()).toMatchObject({ follow_ups_due: 0, follow_ups: [] });
    // Tomorrow (the clock moved to its midday), it is due, named with its customer.
    const tomorrow = await getToDo({ db: env.db.db, orgId: owner.orgId }, middayOf(isoDay(1)));
    expect(tomorrow).toMatchObject({
      follow_ups_due: 1,
      follow_ups: [{ note_id: call.id, customer_id: customer.id, customer_name: 'Acme Ltd', kind: 'call', contact_name: 'Jane Smith', outcome: 'no_answer', follow_up_on: isoDay(1) }],
    });
    // Not done, it stays on the days after.
    expect((await getToDo({ db: env.db.db, orgId: owner.orgId }, middayOf(isoDay(3)))).follow_ups_due).toBe(1);

    const done = okBody(await owner.api<CustomerNote>('POST', `/api/notes/${call.id}/follow-up-done`, undefined, { 'idempotency-key': crypto.randomUUID() }));
    expect(done).toMatchObject({ follow_up_done_by_name: 'Ann Owner' });
    expect(done.follow_up_done_at).not.toBeNull();
    expect((await getToDo({ db: env.db.db, orgId: owner.orgId }, middayOf(isoDay(1)))).follow_ups_due).toBe(0);

    // Moved to another day, it is to do again.
    okBody(await owner.api('PUT', `/api/notes/${call.id}/`, { follow_up_on: isoDay(0) }));
    expect(await toDo()).toMatchObject({ follow_ups_due: 1, follow_ups: [{ note_id: call.id }] });
  });

  it('shows notes and calls in the timeline, and says each change in words in the audit log', async () => {
    const { owner, customer } = await setUp();
    const call = okBody(
      await owner.api<CustomerNote>('POST', `/api/customers/${customer.id}/notes/`, {
        kind: 'call',
        contact_name: 'Jane Smith',
        outcome: 'left_message',
        body: 'Rang about INV-7',
        follow_up_on: '2099-12-03',
      }),
    );
    const note = okBody(await owner.api<CustomerNote>('POST', `/api/customers/${customer.id}/notes/`, { kind: 'note', body: 'Prefers email' }));
    okBody(await owner.api('POST', `/api/notes/${call.id}/follow-up-done`));
    okBody(await owner.api('PUT', `/api/notes/${call.id}/`, { outcome: 'spoke' }));
    expect((await owner.api('DELETE', `/api/notes/${note.id}/`)).status).toBe(204);

    const timeline = okBody(await owner.api<TimelineResponse>('GET', `/api/customers/${customer.id}/timeline`));
    const notes = timeline.rows.filter((r) => r.kind === 'note');
    expect(notes).toMatchObject([
      { kind: 'note', id: call.id, note_kind: 'call', contact_name: 'Jane Smith', outcome: 'spoke', body: 'Rang about INV-7', follow_up_on: '2099-12-03', actor_name: 'Ann Owner' },
    ]);
    expect(notes[0]?.kind === 'note' && notes[0].follow_up_done_at).toBeTruthy();
    // The call is its own item: no second "edit" item says it was logged.
    const edits = timeline.rows.flatMap((r) => (r.kind === 'edit' ? [r.action] : []));
    expect(edits).not.toContain('note.log_call');
    expect(edits).not.toContain('note.create');

    const audit = okBody(await owner.api<AuditListResponse>('GET', `/api/audit/?customer_id=${customer.id}`));
    expect(audit.rows.map((r) => r.description).reverse()).toEqual([
      'logged a call with Jane Smith at Acme Ltd: left a message; follow up on 3 December',
      'added a note on Acme Ltd',
      'marked done the follow-up of a call with Jane Smith at Acme Ltd',
      'changed a call with Jane Smith at Acme Ltd: spoke to them',
      'deleted a note on Acme Ltd',
    ]);
  });
});
