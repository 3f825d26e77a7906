import { describe, expect, it } from 'vitest';

import { findAddressesInText } from './addresses-in-text';

describe('findAddressesInText', () => {
  it.each([
    ['please contact Jane Smith at jane.smith@x.test', 'Jane Smith'],
    ['send them to Mark Wilson, mark@x.test', 'Mark Wilson'],
    ['contact Mike Ross (mross@x.test)', 'Mike Ross'],
    ['My colleague John (john@x.test) is covering', 'John'],
    ['write to Siobhan O\'Neill <s.oneill@x.test>', 'Siobhan O\'Neill'],
    ['For urgent matters email accounts@x.test', null],
    ['Please contact the Accounts Team on accounts@x.test', null],
    ['Please contact accounts@x.test instead', null],
    ['Try accounts@x.test.', null],
    ['contact ACCOUNTS at accounts@x.test', null],
  ])('reads %j', (text, name) => {
    expect(findAddressesInText(text)).toEqual([{ email: text.match(/[\w.+'-]+@x\.test/)![0], name }]);
  });

  it('never gives the writer\'s own address, in any case, nor our reply address', () => {
    const text = 'Your message to reply+k3j2h4@in.acme.test arrived. Reach me at Dave.Hughes@corbett.test on my return, or credit@corbett.test now.';
    expect(findAddressesInText(text, ['dave.hughes@corbett.test'])).toEqual([{ email: 'credit@corbett.test', name: null }]);
  });

  it('gives each address once, in order, without the full stop after it', () => {
    expect(findAddressesInText('Email ap@x.test. Again: ap@x.test, or ar@x.test.').map((a) => a.email)).toEqual(['ap@x.test', 'ar@x.test']);
  });
});
