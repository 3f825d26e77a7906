import { describe, expect, it } from 'vitest';

import { classifySmtpError } from './smtp-outcome';

const err = (fields: Record<string, unknown>) => Object.assign(new Error(typeof fields.message === 'string' ? fields.message : 'x'), fields);

describe('classifySmtpError', () => {
  it('a 5xx is the server’s final no, in its own words; 503 is not', () => {
    expect(classifySmtpError(err({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 No such user' }))).toEqual({ kind: 'rejected', response: '550 5.1.1 No such user' });
    expect(classifySmtpError(err({ code: 'EMESSAGE', responseCode: 503, response: '503 Bad sequence' })).kind).toBe('transient');
  });

  it('a 4xx, a refused connection, a setup timeout or a refused sign-in are tried again', () => {
    expect(classifySmtpError(err({ code: 'EMESSAGE', responseCode: 451, response: '451 Try later' })).kind).toBe('transient');
    expect(classifySmtpError(err({ code: 'ESOCKET', originalCode: 'ECONNREFUSED', message: 'connect ECONNREFUSED' })).kind).toBe('transient');
    expect(classifySmtpError(err({ code: 'ETIMEDOUT', timeoutType: 'GREETING_TIMEOUT', message: 'Greeting never received' })).kind).toBe('transient');
    expect(classifySmtpError(err({ code: 'EAUTH', responseCode: 535, response: '535 Authentication failed' })).kind).toBe('transient');
  });

  it('a timeout or a dropped connection once the session began may have delivered it: unknown', () => {
    expect(classifySmtpError(err({ code: 'ETIMEDOUT', timeoutType: 'SOCKET_TIMEOUT', message: 'Timeout' }))).toEqual({ kind: 'unknown', response: 'Timeout' });
    expect(classifySmtpError(err({ code: 'ECONNECTION', message: 'Connection closed unexpectedly' })).kind).toBe('unknown');
    expect(classifySmtpError(err({ code: 'ESOCKET', originalCode: 'ECONNRESET' })).kind).toBe('unknown');
    expect(classifySmtpError('odd').kind).toBe('unknown');
  });
});
