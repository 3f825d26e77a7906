import { describe, expect, it } from 'vitest';

import { generatedTemplateName } from './template-form-values';

describe('generatedTemplateName', () => {
  it('names a generated text after its tone and kind, never saying "reminder" twice', () => {
    expect(generatedTemplateName('friendly-reminder', 'regular_email')).toBe('Friendly reminder');
    expect(generatedTemplateName('friendly-reminder', 'escalation_email')).toBe('Friendly escalation');
    expect(generatedTemplateName('firm', 'regular_email')).toBe('Firm reminder');
    expect(generatedTemplateName('urgent', 'escalation_email')).toBe('Urgent escalation');
    expect(generatedTemplateName('relationship-building', 'regular_email')).toBe('Relationship building reminder');
  });
});
