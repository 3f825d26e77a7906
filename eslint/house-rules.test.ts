import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';

import { houseRules } from './house-rules.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const rules = houseRules.rules ?? {};

describe('house lint rules', () => {
  tester.run('no-bare-invalidate-queries', rules['no-bare-invalidate-queries'] as never, {
    valid: ["queryClient.invalidateQueries({ queryKey: ['customers'] })"],
    invalid: [{ code: 'queryClient.invalidateQueries()', errors: [{ messageId: 'bare' }] }],
  });

  tester.run('no-outside-doc-citations', rules['no-outside-doc-citations'] as never, {
    valid: [
      '// Where an email stands (docs/domain.md#events).',
      '/** RFC 3464 §2.1: header-style fields. */ const x = 1;',
      "const title = 'the specification of the install link';",
      '// Named exports only (docs/style.md).',
    ],
    invalid: [
      { code: '// livemode absent means a live account (spec §5).', errors: [{ messageId: 'outside', data: { cited: 'spec §5' } }] },
      { code: '/** Reply addresses (DESIGN.md §2). */ const x = 1;', errors: [{ messageId: 'outside' }] },
      { code: "describe('takes spec §5 shape only', () => {});", errors: [{ messageId: 'outside' }] },
      { code: 'const where = `see ../shared/spec/product-spec.md`;', errors: [{ messageId: 'outside' }] },
    ],
  });

  tester.run('server-layering', rules['server-layering'] as never, {
    valid: [
      { code: "import { findCustomers } from './find-customers';", filename: '/r/server/src/modules/customers/customers.routes.ts' },
      { code: "import { withOrg } from '../../db/client';", filename: '/r/server/src/modules/customers/find-customers.ts' },
    ],
    invalid: [
      {
        code: "import { customerRoutes } from './customers.routes';",
        filename: '/r/server/src/modules/customers/find-customers.ts',
        errors: [{ messageId: 'layer' }],
      },
      {
        code: "import { authPlugin } from '../../plugins/auth';",
        filename: '/r/server/src/seed/demo.ts',
        errors: [{ messageId: 'layer' }],
      },
    ],
  });
});
