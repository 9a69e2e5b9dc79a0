import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { celebrate } from '../confetti';
import { IntroStage } from '../components/GreetingStages';
import './harness';
import { openGreeting } from './trackingFixtures';

/** jsdom draws nothing: a 2D context that takes the burst's calls, and frames that never come (the burst stays mid-air). */
beforeEach(() => {
  const ctx = { scale() {}, clearRect() {}, beginPath() {}, ellipse() {}, rect() {}, fill() {}, globalAlpha: 1, fillStyle: '' };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  vi.stubGlobal('requestAnimationFrame', () => 0);
});
afterEach(() => {
  vi.restoreAllMocks();
  document.querySelectorAll('canvas').forEach((c) => c.remove());
});

describe("the intro's confetti", () => {
  it('falls in the stage, over its background and under its words and «Смотреть открытку», not over the button', async () => {
    const view = render(<IntroStage greeting={openGreeting()} onNext={() => {}} />);
    const button = await screen.findByRole('button', { name: 'Смотреть открытку' }, { timeout: 3000 });
    const canvas = document.querySelector('canvas')!;
    expect(canvas).not.toBeNull();
    // not on top of the whole page (the body's end, z-index 999), where it covered the button's text
    expect(canvas.parentElement).not.toBe(document.body);
    const layer = screen.getByTestId('confetti-layer');
    expect(layer).toContainElement(canvas);
    expect(layer).toHaveAttribute('aria-hidden', 'true');
    expect(layer).toHaveClass('pointer-events-none', 'fixed', 'inset-0');
    // the stage's content comes after the layer, a stacking context of its own above it
    const content = layer.nextElementSibling as HTMLElement;
    expect(content).toContainElement(button);
    expect(content).toContainElement(screen.getByRole('heading', { name: 'Маме' }));
    expect(content).toHaveClass('relative', 'z-[1]');
    expect(layer.parentElement).toBe(content.parentElement);

    // tapped on before the burst is over: it goes on over the page, not cut off with the intro
    view.unmount();
    expect(canvas.parentElement).toBe(document.body);
  });

  it('elsewhere (the wizard, accepting) a burst still falls over the whole page', () => {
    void celebrate({ y: 0.35 });
    const canvas = document.querySelector('canvas')!;
    expect(canvas.parentElement).toBe(document.body);
    expect(canvas.style.zIndex).toBe('999');
  });

  it('with less motion preferred there is no burst', () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList) as typeof window.matchMedia;
    try {
      render(<IntroStage greeting={openGreeting()} onNext={() => {}} />);
      expect(screen.getByTestId('confetti-layer')).toBeEmptyDOMElement();
      expect(document.querySelector('canvas')).toBeNull();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
