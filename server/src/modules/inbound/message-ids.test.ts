import { describe, expect, it } from 'vitest';

import { normaliseMessageId, readMessageIds } from './message-ids';

describe('message ids', () => {
  it('are kept as `<id>`, as our sender writes its own', () => {
    expect(normaliseMessageId('<3f1c2a9e-5b7d-4c1e-9a3f-2d8b6e4c1a70@acme.example>')).toBe('<3f1c2a9e-5b7d-4c1e-9a3f-2d8b6e4c1a70@acme.example>');
    expect(normaliseMessageId('  3f1c@acme.example ')).toBe('<3f1c@acme.example>');
    expect(normaliseMessageId('<3f1c@acme.example> (Acme Ltd)')).toBe('<3f1c@acme.example>');
    expect(normaliseMessageId('(comment) 3f1c@acme.example')).toBe('<3f1c@acme.example>');
    expect(normaliseMessageId('Your message of Fri, 20 Nov 2026 <3f1c@acme.example>')).toBe('<3f1c@acme.example>');
  });

  it('are null when a value names none', () => {
    expect(normaliseMessageId(undefined)).toBeNull();
    expect(normaliseMessageId('')).toBeNull();
    expect(normaliseMessageId('<>')).toBeNull();
    expect(normaliseMessageId('not an id')).toBeNull();
  });

  it('of References come in order, each once, however they are separated', () => {
    expect(readMessageIds('<a@x> <b@x>\t<c@x>')).toEqual(['<a@x>', '<b@x>', '<c@x>']);
    expect(readMessageIds('<a@x>,<b@x>,<a@x>')).toEqual(['<a@x>', '<b@x>']);
    expect(readMessageIds('a@x, b@x')).toEqual(['<a@x>', '<b@x>']);
  });
});
