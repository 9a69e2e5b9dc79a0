import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderInApp, stubSignedInApi } from '../test-utils';
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
