/** One confetti burst: where it starts (fractions of the screen), how many pieces, how wide, in which colours. */
export interface Burst {
  origin?: { x?: number; y?: number };
  particles: number;
  /** the cone the pieces fly out in, in degrees around straight up */
  spread: number;
  colors?: readonly string[];
  /** frames until the last piece is gone (about 60 a second) */
  frames?: number;
  /** the element the burst's canvas goes in (a layer under a screen's words); the page itself when absent */
  container?: HTMLElement | null;
}

/** The app's own colours, for bursts that have none of their own. */
const APP_COLORS = ['#ff4d8d', '#ffb703', '#7c4dff', '#52d681', '#8ecae6', '#fb8500'];

const GRAVITY = 0.22; // px per frame², at 60 frames a second
const DRAG = 0.96; // the share of its speed a piece keeps from one frame to the next
const START_SPEED = 30; // px per frame, the fastest piece

/**
 * Draws a confetti burst on a canvas of its own over the page, on the main thread (a worker from a
 * blob: URL is what the Content-Security-Policy refuses), and removes the canvas when it is done.
 * Nothing for people who prefer less motion. Resolves when the burst is over.
 */
export function confetti({ origin = {}, particles, spread, colors = APP_COLORS, frames = 260, container }: Burst): Promise<void> {
  if (typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return Promise.resolve();
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve();
  const width = window.innerWidth;
  const height = window.innerHeight;
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  canvas.setAttribute('aria-hidden', 'true');
  // under dialogs (z 1000): a share sheet or its QR code opened while it falls stays clear
  Object.assign(canvas.style, { position: 'fixed', inset: '0', width: '100%', height: '100%', pointerEvents: 'none', zIndex: '999' });
  (container ?? document.body).appendChild(canvas);
  ctx.scale(ratio, ratio);

  const x0 = (origin.x ?? 0.5) * width;
  const y0 = (origin.y ?? 0.5) * height;
  const cone = (spread * Math.PI) / 180;
  const pieces = Array.from({ length: particles }, (_, i) => {
    const angle = -Math.PI / 2 + (Math.random() - 0.5) * cone;
    const speed = START_SPEED * (0.45 + Math.random() * 0.55);
    return {
      x: x0,
      y: y0,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      color: colors[i % colors.length]!,
      size: 5 + Math.random() * 5,
      turn: Math.random() * Math.PI * 2,
      turnSpeed: 0.05 + Math.random() * 0.2,
      round: i % 4 === 0,
    };
  });

  return new Promise((done) => {
    let frame = 0;
    const draw = () => {
      frame += 1;
      ctx.clearRect(0, 0, width, height);
      ctx.globalAlpha = Math.min(1, 2.5 * (1 - frame / frames)); // fades over the last 40%
      for (const p of pieces) {
        p.vx *= DRAG;
        p.vy = p.vy * DRAG + GRAVITY;
        p.x += p.vx + Math.sin(p.turn) * 0.8; // a little flutter sideways
        p.y += p.vy;
        p.turn += p.turnSpeed;
        ctx.fillStyle = p.color;
        ctx.beginPath();
        // a piece turning in the air: its height follows the cosine of its turn
        if (p.round) ctx.ellipse(p.x, p.y, p.size / 2, (p.size / 2) * Math.abs(Math.cos(p.turn)) + 0.5, p.turn, 0, Math.PI * 2);
        else ctx.rect(p.x - p.size / 2, p.y - (p.size / 4) * Math.abs(Math.cos(p.turn)), p.size, (p.size / 2) * Math.abs(Math.cos(p.turn)) + 1);
        ctx.fill();
      }
      if (frame < frames) requestAnimationFrame(draw);
      else {
        canvas.remove();
        done();
      }
    };
    requestAnimationFrame(draw);
  });
}
