import { describe, expect, it } from 'vitest';

import { inboundListenerPort } from './inbound-listener-port';

describe('inboundListenerPort: whether a process listens for replies by SMTP', () => {
  it('listens in a worker or an all-in-one process when INBOUND_SMTP_PORT is set', () => {
    expect(inboundListenerPort('worker', 2525)).toBe(2525);
    expect(inboundListenerPort('all', 25)).toBe(25);
    // 0 is a port too: the system picks one (a test's listener).
    expect(inboundListenerPort('all', 0)).toBe(0);
  });

  it('never listens in an API-only process, nor anywhere when INBOUND_SMTP_PORT is unset', () => {
    expect(inboundListenerPort('api', 2525)).toBeNull();
    expect(inboundListenerPort('worker', undefined)).toBeNull();
    expect(inboundListenerPort('all', undefined)).toBeNull();
    expect(inboundListenerPort('api', undefined)).toBeNull();
  });
});
