import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * The lint config enforces the architecture (eslint.config.mjs): each case lints a small
 * snippet, placed where the rule applies, and expects the rule's error (or none).
 */
const root = path.resolve(__dirname, '..', '..');
// The fixtures are ignored by the repo-wide lint (they hold a deliberate cycle); here they are linted.
const eslint = new ESLint({ cwd: root, ignore: false });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const RESTRICTED = 'import-x/no-restricted-paths';

describe('architecture lint rules', () => {
  jest.setTimeout(120_000);

  it('refuses a service importing another service, by path or by package name', async () => {
    expect(await ruleIds("export { authService } from '../../auth/src/app';\n", 'services/billing/src/lint-probe.ts')).toContain(
      RESTRICTED,
    );
    expect(await ruleIds("export { authService } from '@stockai/auth/src/app';\n", 'services/billing/src/lint-probe.ts')).toContain(
      RESTRICTED,
    );
    expect(await ruleIds("export { billingService } from '@stockai/billing/src/app';\n", 'gateway/src/lint-probe.ts')).toContain(
      RESTRICTED,
    );
  });

  it('lets a service import platform and contracts, and deploy/ and tests/ import services', async () => {
    expect(
      await ruleIds(
        "export { AppError } from '@stockai/platform';\nexport { creditBalance } from '@stockai/contracts';\n",
        'services/billing/src/lint-probe.ts',
      ),
    ).toEqual([]);
    expect(await ruleIds("export { authService } from '@stockai/auth/src/app';\n", 'deploy/lint-probe.ts')).toEqual([]);
    expect(await ruleIds("export { authService } from '../../services/auth/src/app';\n", 'tests/integration/lint-probe.ts')).toEqual([]);
  });

  it('refuses platform importing a service', async () => {
    expect(await ruleIds("export { authService } from '../../auth/src/app';\n", 'services/platform/src/lint-probe.ts')).toContain(
      RESTRICTED,
    );
  });

  it('refuses a zod schema built and parsed in one expression inside a function, and allows one built once', async () => {
    const inline = "import { z } from 'zod';\nexport const handle = (params: unknown) => z.object({ id: z.string() }).parse(params).id;\n";
    expect(await ruleIds(inline, 'services/content/src/lint-probe.ts')).toContain('no-restricted-syntax');
    expect(await ruleIds(inline.replace('.parse(params).id', '.safeParse(params).success'), 'gateway/src/lint-probe.ts')).toContain(
      'no-restricted-syntax',
    );
    const once =
      "import { z } from 'zod';\nconst params = z.object({ id: z.string() });\nexport const handle = (input: unknown) => params.parse(input).id;\n";
    expect(await ruleIds(once, 'services/content/src/lint-probe.ts')).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const [result] = await eslint.lintFiles([path.join(root, 'tests/lint/fixtures/cycle-a.ts')]);
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  it('keeps routes → service → repo one way', async () => {
    expect(await ruleIds("export { accountsService } from './service';\n", 'services/auth/src/accounts/repo.ts')).toContain(RESTRICTED);
    expect(await ruleIds("export { accountsRoutes } from './routes';\n", 'services/auth/src/accounts/service.ts')).toContain(RESTRICTED);
    expect(await ruleIds("export { usersRepo } from './repo';\n", 'services/auth/src/accounts/service.ts')).toEqual([]);
  });

  it('refuses a web feature importing another feature, and allows its own files, shared code and app wiring', async () => {
    const probe = 'web/src/features/billing/components/lint-probe.tsx';
    expect(await ruleIds("export { useAuth } from '@/features/auth/hooks/use-auth';\n", probe)).toContain(RESTRICTED);
    expect(await ruleIds("export { useCredits } from '../../credits/hooks/use-credits';\n", probe)).toContain(RESTRICTED);
    expect(
      await ruleIds("export { useBilling } from '../hooks/use-billing';\nexport { apiClient } from '@/lib/api-client';\n", probe),
    ).toEqual([]);
    expect(await ruleIds("export { useAuth } from '@/features/auth/hooks/use-auth';\n", 'web/src/app/routes/lint-probe.tsx')).toEqual([]);
  });

  it('refuses shared web code importing a feature', async () => {
    expect(await ruleIds("export { useAuth } from '@/features/auth/hooks/use-auth';\n", 'web/src/lib/lint-probe.ts')).toContain(RESTRICTED);
  });
});
