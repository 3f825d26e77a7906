import type { SentInvitation, TeamInvitation, TeamMember, TeamView } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi, withStatus } from '../../../test/api-handlers';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';

import { TeamSection } from './team-section';

const owner: TeamMember = { id: '11111111-1111-4111-8111-111111111111', name: 'Olive Owner', email: 'olive@acme.test', role: 'owner', joined_at: '2026-01-05T09:00:00.000Z', is_you: true };
const casey: TeamMember = { id: '22222222-2222-4222-8222-222222222222', name: 'Casey Controller', email: 'casey@acme.test', role: 'member', joined_at: '2026-03-01T09:00:00.000Z', is_you: false };
const waiting: TeamInvitation = {
  id: '33333333-3333-4333-8333-333333333333',
  email: 'avery@acme.test',
  role: 'admin',
  status: 'pending',
  created_at: '2026-11-20T09:00:00.000Z',
  expires_at: '2026-11-27T09:00:00.000Z',
  invited_by: 'Olive Owner',
};
const team = (members: TeamMember[] = [owner, casey], invitations: TeamInvitation[] = []): TeamView => ({ members, invitations });

describe('Settings → Team', () => {
  it('lists the members with their roles and the invitations waiting; the only owner is told why they cannot leave', async () => {
    server.use(onApi('GET /api/team/', team([owner, casey], [waiting, { ...waiting, id: '44444444-4444-4444-8444-444444444444', email: 'late@acme.test', status: 'expired' }])));
    renderWithApp(<TeamSection />);
    expect(await screen.findByRole('status', { name: 'Loading the team' })).toBeTruthy();
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getByRole('listitem', { name: 'Olive Owner' }).textContent).toContain('You');
    expect(within(members).getByRole('combobox', { name: 'Role Casey Controller' }).textContent).toBe('Member');
    const invitations = screen.getByRole('list', { name: 'Invitations' });
    expect(within(invitations).getByRole('listitem', { name: 'avery@acme.test' }).textContent).toMatch(/Waiting.*Admin · link works until 27 Nov 2026 · invited by Olive Owner/);
    const late = within(invitations).getByRole('listitem', { name: 'late@acme.test' });
    expect(late.textContent).toContain('Expired');
    // No row offers its link to copy: only the email carries the link's token; re-sending gives a new one.
    for (const row of [late, within(invitations).getByRole('listitem', { name: 'avery@acme.test' })]) {
      expect(within(row).queryByRole('button', { name: 'Copy link' })).toBeNull();
      expect(within(row).getByRole('button', { name: 'Re-send' })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Leave' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('note').textContent).toContain('You are its only owner');
  });

  it('invites with a role, then shows how the email went and the link to pass on', async () => {
    const sent: SentInvitation = { invitation: waiting, link: 'http://localhost:3000/invitations/33333333-3333-4333-8333-333333333333?token=k3Jx9', delivery: 'logged', mail_server: null };
    server.use(onApi('GET /api/team/', team()), onApi('POST /api/team/invitations', withStatus(201, sent)));
    renderWithApp(<TeamSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite someone' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('must be an email address such as accounts@example.co.uk')).toBeTruthy();
    expect(apiRequests('POST /api/team/invitations')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'avery@acme.test' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Admin/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    // No email went, and the title does not say one did (decision 0046).
    const done = await screen.findByRole('dialog', { name: 'Invitation made, not emailed' });
    expect(within(done).getByRole('alert').textContent).toContain('No email went to avery@acme.test: this installation has no mail server, so the link is in its log.');
    expect(within(done).getByLabelText('Invitation link').textContent).toBe(sent.link);
    const [request] = apiRequests('POST /api/team/invitations');
    expect(request?.body).toEqual({ email: 'avery@acme.test', role: 'admin' });
  });

  it('says an invitation went through the organisation’s own mail server, or that it refused it (decision 0046)', async () => {
    const link = 'http://localhost:3000/invitations/33333333-3333-4333-8333-333333333333?token=k3Jx9';
    let delivery: SentInvitation['delivery'] = 'sent';
    server.use(onApi('GET /api/team/', team()), onApi('POST /api/team/invitations', () => withStatus(201, { invitation: waiting, link, delivery, mail_server: 'organisation' })));
    renderWithApp(<TeamSection />);
    const inviteAvery = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
      const dialog = screen.getByRole('dialog', { name: 'Invite someone' });
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'avery@acme.test' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    };
    await inviteAvery();
    const sent = await screen.findByRole('dialog', { name: 'Invitation sent' });
    expect(sent.textContent).toContain('The invitation went to avery@acme.test through your mail server.');
    fireEvent.click(within(sent).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    delivery = 'failed';
    await inviteAvery();
    const refused = await screen.findByRole('dialog', { name: 'Invitation made, not emailed' });
    expect(within(refused).getByRole('alert').textContent).toContain('The email to avery@acme.test was refused by your mail server (Settings → Email).');
    expect(within(refused).getByLabelText('Invitation link').textContent).toBe(link);
  });

  it('puts the server’s refusal of an address on the field', async () => {
    server.use(
      onApi('GET /api/team/', team()),
      onApi('POST /api/team/invitations', apiError(409, 'CONFLICT', 'This address is already a member of the organisation', [{ field: 'email', reason: 'is already a member' }])),
    );
    renderWithApp(<TeamSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite someone' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'casey@acme.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('is already a member')).toBeTruthy();
  });

  it('asks before removing someone, and reads the team again afterwards', async () => {
    let removed = false;
    server.use(
      onApi('GET /api/team/', () => team(removed ? [owner] : [owner, casey])),
      onApi('DELETE /api/team/members/:id', () => {
        removed = true;
        return new Response(null, { status: 204 });
      }),
    );
    renderWithApp(<TeamSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Casey Controller' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Casey Controller?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Casey Controller' })).toBeNull());
    expect(apiRequests('DELETE /api/team/members/:id')[0]?.params).toEqual({ id: casey.id });
  });

  it('shows a member the team without the owner’s controls, with the reason', async () => {
    server.use(onApi('GET /api/team/', team([{ ...owner, is_you: false }, { ...casey, is_you: true }], [waiting])));
    renderWithApp(<TeamSection />, { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    expect((await screen.findByRole('note')).textContent).toContain('Only the owner can manage the team.');
    expect(screen.queryByRole('button', { name: /Invite someone|Remove|Re-send|Withdraw|Copy link/ })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave' })).toHaveProperty('disabled', false);
  });

  it('says so when the team cannot be loaded, and tries again', async () => {
    let calls = 0;
    server.use(onApi('GET /api/team/', () => (++calls === 1 ? apiError(500, 'INTERNAL', 'Database unavailable') : team())));
    renderWithApp(<TeamSection />);
    expect(await screen.findByText('Failed to load the team')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(await screen.findByRole('list', { name: 'Members' })).toBeTruthy();
  });
});
