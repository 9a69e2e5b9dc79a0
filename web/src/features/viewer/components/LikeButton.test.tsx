import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { LikeButton } from './LikeButton';

afterEach(() => vi.unstubAllGlobals());

const result = (action: string, vote: string | null, likes: number) => ({
  status: 200,
  body: { success: true, action, vote_type: vote, likes_count: likes, rejects_count: 0 },
});

async function mount(userId: number | null, answer: Parameters<typeof stubApi>[0], count = 5) {
  const calls = stubApi(answer);
  const onCount = vi.fn();
  await renderInApp(<LikeButton postcardId={7} userId={userId} count={count} onCount={onCount} />);
  return { calls, onCount, u: userEvent.setup() };
}
const button = () => screen.getByTestId('like-button');

describe('like button', () => {
  it('asks visitors to sign in, opening the sign-in dialog, and sends nothing', async () => {
    const { calls, u } = await mount(null, () => undefined);
    await u.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Вход' }, { timeout: 5000 });
    // it says why it opened, instead of the returning user's greeting
    expect(dialog).toHaveAccessibleDescription('Войдите или зарегистрируйтесь, чтобы ставить лайки открыткам.');
    // the sign-in dialog is the answer: no red error beside it
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Необходима авторизация для голосования')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('gives the like a visitor asked for once they have signed in', async () => {
    const calls = stubApi((c) =>
      c.url.endsWith('/user-vote') ? { status: 200, body: { has_vote: false, vote_type: null } } : result('liked', 'like', 6),
    );
    const onCount = vi.fn();
    let signIn!: () => void;
    function Page() {
      const [userId, setUserId] = useState<number | null>(null);
      signIn = () => setUserId(1);
      return <LikeButton postcardId={7} userId={userId} count={5} onCount={onCount} />;
    }
    await renderInApp(<Page />);
    await userEvent.setup().click(button());
    await screen.findByRole('dialog', { name: 'Вход' }, { timeout: 5000 });
    expect(calls).toHaveLength(0);
    act(() => signIn());
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'true'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/image_relations/7/user-vote', 'POST /api/image_relations/7/approve']);
    expect(onCount).toHaveBeenCalledWith(6);
  });

  it('leaves a postcard liked when the visitor who pressed ♥ had liked it before signing in', async () => {
    const calls = stubApi(() => ({ status: 200, body: { has_vote: true, vote_type: 'like' } }));
    let signIn!: () => void;
    function Page() {
      const [userId, setUserId] = useState<number | null>(null);
      signIn = () => setUserId(1);
      return <LikeButton postcardId={7} userId={userId} count={5} onCount={() => undefined} />;
    }
    await renderInApp(<Page />);
    await userEvent.setup().click(button());
    act(() => signIn());
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'true'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('likes with approve when not liked, then takes the count from the answer', async () => {
    const { calls, onCount, u } = await mount(1, (c) =>
      c.url.endsWith('/user-vote') ? { status: 200, body: { has_vote: false, vote_type: null } } : result('liked', 'like', 6),
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    await u.click(button());
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'true'));
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/api/image_relations/7/approve' });
    expect(onCount).toHaveBeenCalledWith(6);
  });

  it('sends reject when liked (the vote becomes a reject)', async () => {
    const { calls, u } = await mount(1, (c) =>
      c.url.endsWith('/user-vote') ? { status: 200, body: { has_vote: true, vote_type: 'like' } } : result('rejected', 'reject', 4),
    );
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'true'));
    await u.click(button());
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'false'));
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/api/image_relations/7/reject' });
  });

  it('counts a 400 "already voted" as liked', async () => {
    const { u } = await mount(1, (c) =>
      c.url.endsWith('/user-vote')
        ? { status: 200, body: { has_vote: false, vote_type: null } }
        : { status: 400, body: { detail: 'already voted', code: 'ALREADY_VOTED' } },
    );
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'false'));
    await u.click(button());
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'true'));
  });

  it('is locked and reads "..." while the vote is on its way', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let posts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts += 1;
          await gate;
          return new Response(JSON.stringify(result('liked', 'like', 6).body), { status: 200 });
        }
        return new Response(JSON.stringify({ has_vote: false, vote_type: null }), { status: 200 });
      }),
    );
    await renderInApp(<LikeButton postcardId={7} userId={1} count={5} onCount={() => {}} />);
    const u = userEvent.setup();
    expect(screen.getByTestId('like-button-count')).toHaveTextContent('5');
    await u.click(button());
    await waitFor(() => expect(screen.getByTestId('like-button-count')).toHaveTextContent('...'));
    await u.click(button());
    expect(posts).toBe(1);
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('like-button-count')).toHaveTextContent('5'));
  });

  it('keeps its name as it toggles (its state is aria-pressed) and is read with its count', async () => {
    const { u } = await mount(1, (c) =>
      c.url.endsWith('/user-vote') ? { status: 200, body: { has_vote: false, vote_type: null } } : result('liked', 'like', 6),
    );
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'false'));
    expect(button()).toHaveAccessibleName('Нравится');
    expect(button()).toHaveAccessibleDescription('5');
    await u.click(button());
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'true'));
    expect(button()).toHaveAccessibleName('Нравится');
  });
});
