import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { GreetingLanding } from '../pages/GreetingLanding';

afterEach(() => vi.unstubAllGlobals());

describe("the recipient's first screen of a link that leads nowhere", () => {
  it.each([
    ['an unknown greeting', 404, 'NOT_FOUND'],
    ['a malformed id', 422, 'VALIDATION_ERROR'],
  ])('says so for %s, read once, without loading the whole app', async (_, status, code) => {
    const calls = stubApi(() => ({ status, body: { detail: 'no', code } }));
    const onWake = vi.fn();
    await renderInApp(<GreetingLanding id="AAAAAAAAAAAAAAAAAAAAAA" onWake={onWake} />, { route: '/greeting/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(await screen.findByRole('heading', { name: 'Поздравление не найдено' })).toBeVisible();
    expect(screen.getByText('Возможно, его удалили или в ссылке опечатка.')).toBeVisible();
    // in the page's main landmark, as on every other page
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Поздравление не найдено' }));
    expect(screen.getByRole('button', { name: 'Назад' })).toBeVisible();
    expect(calls.filter((c) => c.url.startsWith('/api/greetings/'))).toHaveLength(1);
    expect(onWake).not.toHaveBeenCalled();
  });

  it.each([
    ['ru', 'Поздравление не найдено — Открытка'],
    ['en', 'Greeting not found — Otkrytka'],
  ] as const)('names the tab like the app\'s other pages, with the app\'s name (%s)', async (language, title) => {
    document.title = 'Открытка';
    stubApi(() => ({ status: 404, body: { detail: 'no', code: 'NOT_FOUND' } }));
    await renderInApp(<GreetingLanding id="AAAAAAAAAAAAAAAAAAAAAA" onWake={vi.fn()} />, { route: '/greeting/AAAAAAAAAAAAAAAAAAAAAA', language });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('hands a server failure to the whole app, which can try again', async () => {
    stubApi(() => ({ status: 503, body: { detail: 'down', code: 'UNAVAILABLE' } }));
    const onWake = vi.fn();
    await renderInApp(<GreetingLanding id="AAAAAAAAAAAAAAAAAAAAAA" onWake={onWake} />, { route: '/greeting/AAAAAAAAAAAAAAAAAAAAAA' });
    await waitFor(() => expect(onWake).toHaveBeenCalledOnce());
    expect(screen.queryByRole('heading', { name: 'Поздравление не найдено' })).toBeNull();
  });
});
