import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithApp } from '../../test/render-with-app';
import { TEST_ORGANISATION } from '../../test/signed-in';

import { SendingModeBadge } from './sending-mode-badge';

describe('SendingModeBadge', () => {
  it.each([
    ['dryrun', 'Dry run. Emails are written and kept in Activity as drafts; none reaches a customer.'],
    ['sending', 'Sending. Emails go out to customers when they fall due.'],
    ['disabled', 'Sending off. Nothing is planned or sent until sending is switched on in Settings.'],
  ] as const)('says to everyone, a member too, whether emails leave: %s', async (mode, said) => {
    renderWithApp(<SendingModeBadge enabled />, { organisation: { ...TEST_ORGANISATION, role: 'member', sending_mode: mode } });
    expect(await screen.findByLabelText(said)).toBeTruthy();
  });
});
