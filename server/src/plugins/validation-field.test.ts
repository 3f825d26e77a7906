import { describe, expect, it } from 'vitest';

import { validationField } from './validation-field';

describe('validationField', () => {
  it.each([
    ['/name', 'name'],
    ['/filter_str/0/field', 'filter_str[0].field'],
    ['/matching/filter_str/12/value/3', 'matching.filter_str[12].value[3]'],
    ['/customer_ids/1', 'customer_ids[1]'],
  ])('reads %s as %s', (instancePath, field) => {
    expect(validationField(instancePath, 'querystring')).toBe(field);
  });

  it('names the whole part when the issue is about all of it', () => {
    expect(validationField('', 'body')).toBe('body');
    expect(validationField('/', 'body')).toBe('body');
  });
});
