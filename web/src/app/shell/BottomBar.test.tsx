import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MoonIcon, MoonStarIcon } from '../../ui/icons';
import { renderInApp, stubSignedInApi } from '../test-utils';
import { BottomBar } from './BottomBar';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const drawing = (el: Element) => el.innerHTML;

it('the last entry is the moon button to the production tab (spec 000 §2), named for where it goes', async () => {
  stubSignedInApi(() => undefined);
  await renderInApp(<BottomBar />, { route: '/gallery' });
  const nav = screen.getByRole('navigation', { name: 'Быстрые разделы' });
  const links = Array.from(nav.querySelectorAll('a'));
  const production = screen.getByRole('link', { name: 'Цех — производство' });
  expect(links.at(-1)).toBe(production);
  expect(production).toHaveAttribute('href', '/game-data?tab=production');

  const svg = production.querySelector('svg')!;
  expect(svg).toHaveAttribute('data-icon', 'MoonStarIcon');
  // drawn as the moon icon itself (not a factory), and not the theme switch's bare moon
  const { container } = render(<MoonStarIcon />);
  expect(drawing(svg)).toBe(drawing(container.querySelector('svg')!));
  const bare = render(<MoonIcon />).container.querySelector('svg')!;
  expect(drawing(svg)).not.toBe(drawing(bare));
  expect(svg).toHaveAttribute('aria-hidden', 'true');
});

describe('the floating dock on wider screens', () => {
  const scrollTo = (y: number) =>
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
  const screenWide = (wide: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: wide && query.includes('min-width: 768px'), media: query, addEventListener() {}, removeEventListener() {} }));

  afterEach(() => scrollTo(0));

  it('steps aside while the page scrolls down (it would float over the text), and comes back on any scroll up', async () => {
    screenWide(true);
    stubSignedInApi(() => undefined);
    await renderInApp(<BottomBar />, { route: '/game-data' });
    const dock = screen.getByRole('navigation', { name: 'Быстрые разделы' });
    scrollTo(30);
    expect(dock).not.toHaveAttribute('data-aside');
    scrollTo(300);
    expect(dock).toHaveAttribute('data-aside');
    expect(dock.className).toContain('md:translate-y-[calc(100%+1.5rem)]');
    scrollTo(290);
    expect(dock).not.toHaveAttribute('data-aside');
    expect(dock.className).not.toContain('md:translate-y-');
  });

  it("a phone's full-width bar stays put", async () => {
    screenWide(false);
    stubSignedInApi(() => undefined);
    await renderInApp(<BottomBar />, { route: '/game-data' });
    scrollTo(600);
    expect(screen.getByRole('navigation', { name: 'Быстрые разделы' })).not.toHaveAttribute('data-aside');
  });
});
