import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { MoonIcon, MoonStarIcon } from '@/ui/icons';
import { renderInApp, stubSignedInApi } from '../test-utils';
import { BottomBar } from './BottomBar';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const drawing = (el: Element) => el.innerHTML;

it('the last entry is the moon button to the production tab, named for where it goes', async () => {
  stubSignedInApi(() => undefined);
  await renderInApp(<BottomBar />, { route: '/gallery' });
  const nav = screen.getByRole('navigation', { name: 'Быстрые разделы' });
  const links = Array.from(nav.querySelectorAll('a'));
  const production = screen.getByRole('link', { name: 'Цех — производство' });
  expect(links.at(-1)).toBe(production);
  expect(production).toHaveAttribute('href', '/game-data?tab=production');

  const svg = production.querySelector('svg')!;
  // drawn as the moon icon itself (not a factory), and not the theme switch's bare moon
  const { container } = render(<MoonStarIcon />);
  expect(drawing(svg)).toBe(drawing(container.querySelector('svg')!));
  const bare = render(<MoonIcon />).container.querySelector('svg')!;
  expect(drawing(svg)).not.toBe(drawing(bare));
  expect(svg).toHaveAttribute('aria-hidden', 'true');
});

it('names each tab by what it holds: «Созданы», not «Мои» beside «Мои каналы»; the gallery is current at /', async () => {
  stubSignedInApi(() => undefined);
  await renderInApp(<BottomBar />, { route: '/' });
  const nav = screen.getByRole('navigation', { name: 'Быстрые разделы' });
  const links = Array.from(nav.querySelectorAll('a'));
  expect(links.map((a) => a.textContent)).toEqual(['Галерея', 'Избранное', 'Созданы', 'Доставлены', 'Принятые', 'Цех']);
  expect(screen.getByRole('link', { name: 'Созданы — мои поздравления' })).toHaveAttribute('href', '/congratulations');
  expect(links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual(['Галерея']);
});

it('in English too', async () => {
  stubSignedInApi(() => undefined);
  await renderInApp(<BottomBar />, { route: '/congratulations', language: 'en' });
  const links = Array.from(screen.getByRole('navigation', { name: 'Quick sections' }).querySelectorAll('a'));
  expect(links.map((a) => a.textContent)).toEqual(['Gallery', 'Favourites', 'Created', 'Delivered', 'Accepted', 'Workshop']);
  expect(screen.getByRole('link', { name: 'Created — my greetings' })).toHaveAttribute('aria-current', 'page');
});
