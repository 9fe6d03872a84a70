import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

/**
 * The rules of .dependency-cruiser.cjs that docs/architecture.md states, each run on a small tree under
 * fixtures/ that breaks it (and a clean tree that keeps them all), so a rule that stops catching its
 * violation fails here rather than letting `npm run deps` pass quietly.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
  options: { tsPreCompilationDeps: boolean };
};

interface Violation {
  rule: string;
  from: string;
  to: string;
}

async function violationsIn(fixture: string): Promise<Violation[]> {
  const { output } = await cruise(['src'], {
    baseDir: path.join(root, 'test/tooling/fixtures', fixture),
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    tsPreCompilationDeps: config.options.tsPreCompilationDeps,
  });
  const result = output as ICruiseResult;
  return result.summary.violations.map((violation) => ({ rule: violation.rule.name, from: violation.from, to: violation.to }));
}

describe('.dependency-cruiser.cjs on trees that break docs/architecture.md', () => {
  it('passes the layering the docs describe: registry above adapters, shared files in core/, deps/ and api/', async () => {
    expect(await violationsIn('clean')).toEqual([]);
  });

  it('refuses an adapter importing a file beside the registry that imports it (parent↔child folder cycle)', async () => {
    expect(await violationsIn('parent-child-cycle')).toEqual([
      {
        rule: 'no-parent-child-folder-cycle',
        from: 'src/payment/channels/card/index.ts',
        to: 'src/payment/channels/errors.ts',
      },
    ]);
  });

  it('refuses the same in the host, from two folders down', async () => {
    expect(await violationsIn('host-parent-child-cycle')).toEqual([
      { rule: 'no-parent-child-folder-cycle', from: 'src/host/auth/tokens/pat-service.ts', to: 'src/host/lock-keys.ts' },
    ]);
  });

  it("refuses a family importing a new file at its service's top level, under its own rule name", async () => {
    expect(await violationsIn('service-top-file')).toEqual([
      {
        rule: 'families-do-not-import-the-service-top',
        from: 'src/plugin-auth/codes/activate.ts',
        to: 'src/plugin-auth/lock-keys.ts',
      },
    ]);
  });

  it("refuses a service's deps/ or api/ importing a family", async () => {
    const violations = await violationsIn('shared-folders-reach-up');
    expect(violations).toHaveLength(2);
    expect(violations).toEqual(
      expect.arrayContaining([
        {
          rule: 'service-deps-import-only-settings',
          from: 'src/payment/deps/payment-deps.ts',
          to: 'src/payment/orders/types.ts',
        },
        {
          rule: 'service-api-imports-nothing-of-the-service',
          from: 'src/plugin-auth/api/schemas.ts',
          to: 'src/plugin-auth/settings/plugin-auth-settings.ts',
        },
      ]),
    );
  });
});
