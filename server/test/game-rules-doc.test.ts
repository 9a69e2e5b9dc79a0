import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAME_RULES_FILE, gameRulesMarkdown } from '../../scripts/game-rules-table';

describe('game rules document', () => {
  it('matches the rules module (regenerate with: npx tsx scripts/game-rules-table.ts --write)', () => {
    expect(fs.readFileSync(GAME_RULES_FILE, 'utf8')).toBe(gameRulesMarkdown());
  });

  it('names the spec constants a reader looks for', () => {
    const md = gameRulesMarkdown();
    for (const s of ['0.5', '61–300 s 1', '1 + ⌊(s − 300) / 60⌋', '50–1000 yang in steps of 50', 'Легендарный ≥ 75000', 'card levels 1–10']) {
      expect(md).toContain(s);
    }
  });
});
