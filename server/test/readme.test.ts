import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameRulesMarkdown } from '../../scripts/game-rules-table';
import { loadConfig } from '../src/config';

const root = path.resolve(import.meta.dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

describe('README', () => {
  it('carries the game rules table generated from the rules module', () => {
    const generated = gameRulesMarkdown()
      .replace('### Game rules', '## Game rules')
      .replace('#### Production cards', '### Production cards')
      .trim();
    expect(readme).toContain(generated);
  });

  it('has .env.example list exactly the settings config.ts parses', () => {
    const names = fs
      .readFileSync(path.join(root, '.env.example'), 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z0-9_]+=/.test(l))
      .map((l) => l.split('=')[0]!);
    const config = fs.readFileSync(path.join(root, 'server/src/config.ts'), 'utf8');
    for (const name of names) expect(config, `${name} is parsed in config.ts`).toContain(name);
    const parsed = [...config.matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]);
    expect(parsed.length).toBeGreaterThan(10);
    for (const name of parsed) expect(names, `${name} is documented in .env.example`).toContain(name);
  });

  it('has .env.example hold the defaults: loading it gives the same settings as loading nothing', () => {
    const example = Object.fromEntries(
      fs
        .readFileSync(path.join(root, '.env.example'), 'utf8')
        .split('\n')
        .filter((l) => /^[A-Z0-9_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });
});
