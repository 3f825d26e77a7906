import { describe, expect, it } from 'vitest';

import { insertAtCursor } from './insert-at-cursor';

describe('insertAtCursor', () => {
  it('inserts at the caret and puts the caret after the snippet', () => {
    expect(insertAtCursor('Dear ,', { start: 5, end: 5 }, '{{ contact_name }}')).toEqual({ text: 'Dear {{ contact_name }},', caret: 23 });
  });

  it('replaces a selection', () => {
    expect(insertAtCursor('You owe £10 today', { start: 8, end: 11 }, '{{ amount_overdue }}')).toEqual({
      text: 'You owe {{ amount_overdue }} today',
      caret: 28,
    });
  });

  it('appends when the field was never focused', () => {
    expect(insertAtCursor('Hello', null, '{{ signature }}')).toEqual({ text: 'Hello{{ signature }}', caret: 20 });
  });

  it('clamps positions past the end and reads a backwards selection forwards', () => {
    expect(insertAtCursor('abc', { start: 9, end: 9 }, 'X')).toEqual({ text: 'abcX', caret: 4 });
    expect(insertAtCursor('abcdef', { start: 4, end: 1 }, 'X')).toEqual({ text: 'aXef', caret: 2 });
  });
});
