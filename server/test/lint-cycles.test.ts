import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, 'server/src', `cycle-check-${process.pid}`);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lint', () => {
  it('fails on an import cycle in server/src', { timeout: 120_000 }, async () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = (): unknown => b;\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): unknown => a;\n");
    const results = await new ESLint({ cwd: root }).lintFiles([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')]);
    const rules = results.flatMap((r) => r.messages.map((m) => m.ruleId));
    expect(rules).toEqual(['import/no-cycle', 'import/no-cycle']);
  });
});
