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
// libs never import apps, the domain never imports the HTTP layer, contracts import nothing.
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
      ],
    });
  }
});
