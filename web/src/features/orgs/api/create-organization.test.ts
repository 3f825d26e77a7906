import { describe, expect, it } from 'vitest';

import { makeOrgSlug } from './create-organization';

describe('makeOrgSlug', () => {
  it('slugifies the name and adds a 6-character suffix', () => {
    expect(makeOrgSlug('Acme Widgets Ltd.', () => 0)).toBe('acme-widgets-ltd-aaaaaa');
  });

  it('strips accents and symbols', () => {
    expect(makeOrgSlug('Café & Crème — Ltd', () => 0.99)).toMatch(/^cafe-creme-ltd-[a-z0-9]{6}$/);
  });

  it('copes with names that have no usable characters', () => {
    expect(makeOrgSlug('!!!')).toMatch(/^org-[a-z0-9]{6}$/);
  });

  it('differs between calls', () => {
    expect(makeOrgSlug('Acme')).not.toBe(makeOrgSlug('Acme'));
  });
});
