import { describe, expect, it } from 'vitest';

import { urlWithSecret, urlWithSecretPattern } from './inbound-webhook';

describe('the webhook URL with its secret', () => {
  it('puts the secret where HTTP Basic’s password goes', () => {
    expect(urlWithSecret('https://app.example.com/api/inbound/email', 'inb_Ab-9_x')).toBe('https://inbound:inb_Ab-9_x@app.example.com/api/inbound/email');
    expect(urlWithSecret('http://localhost:3000/api/inbound/email', 'inb_1')).toBe('http://inbound:inb_1@localhost:3000/api/inbound/email');
  });

  it('shows where it goes with a placeholder', () => {
    expect(urlWithSecretPattern('https://app.example.com/api/inbound/email')).toBe('https://inbound:<secret>@app.example.com/api/inbound/email');
  });

  it('leaves a URL that does not parse as it is', () => {
    expect(urlWithSecret('not a url', 'inb_1')).toBe('not a url');
  });
});
