import type { VoteResult } from '@otkrytka/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import { postcardFixture } from '@/features/postcards/test/fixtures';
import { Route, Routes } from '@/router';
import { SandboxDecision } from './SandboxDecision';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const card = postcardFixture({ id: 12, is_approved: false });
const counted: VoteResult = { success: true, action: 'liked', vote_type: 'like', likes_count: 1, rejects_count: 0 };

describe('a vote from the full-screen sandbox says it counted', () => {
  it.each([
    ['ru', 'Одобрить', 'Голос учтён: одобрено'],
    ['ru', 'Отклонить', 'Голос учтён: отклонено'],
    ['en', 'Approve', 'Vote counted: approved'],
  ] as const)('%s: «%s» is announced as «%s», and the sandbox comes back', async (language, button, said) => {
    stubSignedInApi((c) => (c.method === 'POST' && c.url.startsWith('/api/sandbox/12/') ? { status: 200, body: counted } : undefined));
    await renderInApp(
      <Routes>
        <Route path="/sandbox/:postcardId" element={<SandboxDecision card={card} />} />
        <Route path="/sandbox" element={<h1>Sandbox</h1>} />
      </Routes>,
      { route: '/sandbox/12', language },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: button }));
    expect(await screen.findByRole('status')).toHaveTextContent(said);
    expect(await screen.findByRole('heading', { name: 'Sandbox' })).toBeInTheDocument();
  });
});
