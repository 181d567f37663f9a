import { RuleTester } from 'eslint';
import path from 'node:path';
import tseslint from 'typescript-eslint';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rule = require('../eslint/module-boundaries.cjs');

const root = path.resolve(__dirname, '../..');
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser as never, sourceType: 'module' },
});

// RuleTester declares its own describe/it blocks: apps may import libs; apps never import apps,
// libs never import apps, the domain never imports the HTTP layer or the simulator, apps use the
// simulator only in their tests, contracts import nothing.
describe('workspace/module-boundaries', () => {
  {
    tester.run('module-boundaries', rule, {
      valid: [
        {
          filename: path.join(root, 'apps/scan-api/src/main.ts'),
          code: "import { x } from '@canton-scan/domain';",
        },
        {
          filename: path.join(root, 'apps/scan-api/src/main.ts'),
          code: "import { y } from './app.factory';",
        },
        {
          filename: path.join(root, 'libs/http/src/index.ts'),
          code: "import { x } from '@canton-scan/domain';",
        },
        {
          filename: path.join(root, 'tools/src/db/migrate.ts'),
          code: "import { x } from '@canton-scan/domain';",
        },
        {
          filename: path.join(root, 'libs/domain/src/index.ts'),
          code: "import { DataSource } from 'typeorm';",
        },
        {
          filename: path.join(root, 'libs/domain/src/x/y.integration-spec.ts'),
          code: "import { useTestDatabase } from '@canton-scan/testing';",
        },
        {
          filename: path.join(root, 'libs/simulator/src/simulator.ts'),
          code: "import { V } from '@canton-scan/domain';",
        },
        {
          filename: path.join(root, 'libs/testing/src/scan-fixtures.ts'),
          code: "import { simulateNetwork } from '@canton-scan/simulator';",
        },
        {
          filename: path.join(root, 'tools/src/simulate/simulate.cli.ts'),
          code: "import { simulateNetwork } from '@canton-scan/simulator';",
        },
        {
          filename: path.join(root, 'apps/scan-api/test/scan-network.e2e-spec.ts'),
          code: "import { simulateNetwork } from '@canton-scan/simulator';",
        },
      ],
      invalid: [
        {
          filename: path.join(root, 'apps/scan-api/src/main.ts'),
          code: "import { createLedgerApp } from '../../ledger-api/src/app.factory';",
          errors: [{ messageId: 'relative' }],
        },
        {
          filename: path.join(root, 'libs/domain/src/index.ts'),
          code: "export * from '../../../apps/scan-api/src/app.factory';",
          errors: [{ messageId: 'relative' }],
        },
        {
          filename: path.join(root, 'libs/domain/src/index.ts'),
          code: "import { jsonBody } from '@canton-scan/http';",
          errors: [{ messageId: 'forbidden' }],
        },
        {
          filename: path.join(root, 'libs/domain/src/index.ts'),
          code: "import { useTestDatabase } from '@canton-scan/testing';",
          errors: [{ messageId: 'forbidden' }],
        },
        {
          filename: path.join(root, 'libs/contracts/src/index.ts'),
          code: "import { x } from '@canton-scan/domain';",
          errors: [{ messageId: 'forbidden' }],
        },
        {
          filename: path.join(root, 'libs/domain/src/index.ts'),
          code: "import { simulateNetwork } from '@canton-scan/simulator';",
          errors: [{ messageId: 'forbidden' }],
        },
        {
          filename: path.join(root, 'libs/domain/src/history/ledger-writer.integration-spec.ts'),
          code: "import { simulateNetwork } from '@canton-scan/simulator';",
          errors: [{ messageId: 'forbidden' }],
        },
        {
          filename: path.join(root, 'libs/domain/src/index.ts'),
          code: "export { simulateNetwork } from '../../simulator/src/simulator';",
          errors: [{ messageId: 'relative' }],
        },
        {
          filename: path.join(root, 'apps/scan-api/src/main.ts'),
          code: "import { simulateNetwork } from '@canton-scan/simulator';",
          errors: [{ messageId: 'forbidden' }],
        },
        {
          filename: path.join(root, 'libs/http/src/index.ts'),
          code: "import { simulateNetwork } from '@canton-scan/simulator';",
          errors: [{ messageId: 'forbidden' }],
        },
        {
          filename: path.join(root, 'libs/simulator/src/simulator.ts'),
          code: "import { useTestDatabase } from '@canton-scan/testing';",
          errors: [{ messageId: 'forbidden' }],
        },
      ],
    });
  }
});
