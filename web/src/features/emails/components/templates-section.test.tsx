import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { onApi } from '../../../test/api-handlers';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';
import { templateRecord } from '../../../test/workflow-data';

import { TemplatesSection } from './templates-section';

describe('Settings → Templates', () => {
  it('gives an owner every way to write templates', async () => {
    server.use(onApi('GET /api/emails/', { rows: [templateRecord()], total: 1 }));
    renderWithApp(<TemplatesSection />);
    expect(await screen.findByRole('button', { name: 'Friendly reminder' })).toBeTruthy();
    for (const name of ['Generate', 'New template', 'Edit Friendly reminder', 'Delete Friendly reminder']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows a member the templates by name, with why they cannot write them, and no way to', async () => {
    server.use(onApi('GET /api/emails/', { rows: [templateRecord()], total: 1 }));
    renderWithApp(<TemplatesSection />, { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    expect(await screen.findByRole('table', { name: 'Email templates' })).toBeTruthy();
    expect(screen.getByText('Friendly reminder', { selector: 'span' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Only an admin or the owner can change email templates.');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
