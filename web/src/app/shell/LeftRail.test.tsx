import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderInApp, stubApi, stubSignedInApi } from '../test-utils';
import { LeftRail } from './LeftRail';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

it.each([
  ['/', 'Галерея'],
  ['/gallery', 'Галерея'],
  // a gallery postcard lives at /mychannels/9/…: it and the greeting wizard on it are the gallery's
  ['/mychannels/9/5', 'Галерея'],
  ['/mychannels/9/5/create-congratulation', 'Галерея'],
  ['/mychannels', 'Каналы'],
  ['/mychannels/12/5/create-congratulation', 'Каналы'],
  ['/sandbox/7', 'Песочница'],
])('the desktop rail marks the section of %s: «%s», and only it', async (route, section) => {
  localStorage.setItem('access_token', 'token');
  stubSignedInApi(() => undefined);
  await renderInApp(<LeftRail />, { route });
  await screen.findByRole('link', { name: 'Каналы' });
  const current = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page' && a.dataset['entry']);
  expect(current.map((a) => a.textContent)).toEqual([section]);
});

it('holds the bottom bar’s greetings and production below its own entries (the bottom bar is the phones’ only), each named in full and marked when current', async () => {
  localStorage.setItem('access_token', 'token');
  stubSignedInApi(() => undefined);
  await renderInApp(<LeftRail />, { route: '/game-data?tab=production' });
  await screen.findByRole('link', { name: 'Каналы' });
  const entries = screen.getAllByRole('link').filter((a) => a.dataset['entry']);
  expect(entries.map((a) => a.dataset['entry'])).toEqual([
    'gallery', 'subscriptions', 'channels', 'categories', 'uploads', 'sandbox', 'bookmarks',
    'congratulations', 'received', 'accepted', 'production',
  ]);
  expect(screen.getByRole('link', { name: 'Созданы — мои поздравления' })).toHaveAttribute('href', '/congratulations');
  expect(screen.getByRole('link', { name: 'Доставлены — мои поздравления, которые приняли' })).toHaveAttribute('href', '/received-greetings');
  expect(screen.getByRole('link', { name: 'Принятые мной поздравления' })).toHaveAttribute('href', '/accepted-greetings');
  const production = screen.getByRole('link', { name: 'Цех — производство' });
  expect(production).toHaveAttribute('aria-current', 'page');
  expect(entries.filter((a) => a.getAttribute('aria-current') === 'page')).toEqual([production]);
});

it('a visitor’s rail has the gallery and the sign-in, not the greetings', async () => {
  stubApi(() => undefined);
  await renderInApp(<LeftRail />, { route: '/gallery' });
  await screen.findByRole('button', { name: 'Войти' });
  expect(screen.getAllByRole('link').filter((a) => a.dataset['entry']).map((a) => a.dataset['entry'])).toEqual(['gallery']);
});
