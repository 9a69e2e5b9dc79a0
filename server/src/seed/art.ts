/**
 * Demo postcard art, drawn as SVG and rendered by sharp: a gradient, a motif (snow, flowers,
 * hearts, balloons, stars, sun, moon, confetti, leaves) and a Russian greeting in DejaVu fonts.
 */

export type Motif = 'snow' | 'flowers' | 'hearts' | 'balloons' | 'stars' | 'sun' | 'moon' | 'confetti' | 'leaves';

export interface CardArt {
  title: string;
  subtitle?: string;
  /** three gradient stops, top-left to bottom-right */
  palette: [string, string, string];
  motif: Motif;
  /** motif colours */
  accents: string[];
  seed: number;
  /** dark text on light backgrounds */
  dark?: boolean;
}

/** Deterministic pseudo-random numbers (mulberry32), so the demo looks the same on every machine. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const f = (n: number) => n.toFixed(1);

/** Splits a greeting into at most three balanced lines. */
export function lines(text: string, maxChars = 11): string[] {
  // a one- or two-letter word ("С", "с", "и") stays with the word after it
  const words = text.split(/\s+/).reduce<string[]>((acc, w) => {
    const prev = acc[acc.length - 1];
    if (prev !== undefined && prev.length <= 2) acc[acc.length - 1] = `${prev} ${w}`;
    else acc.push(w);
    return acc;
  }, []);
  const out: string[] = [];
  for (const w of words) {
    const last = out[out.length - 1];
    if (last !== undefined && (last + ' ' + w).length <= maxChars) out[out.length - 1] = `${last} ${w}`;
    else out.push(w);
  }
  return out;
}

function motifLayer(art: CardArt, w: number, h: number): string {
  const r = random(art.seed);
  const pick = () => art.accents[Math.floor(r() * art.accents.length)] ?? '#fff';
  const parts: string[] = [];
  const n = (k: number) => Math.round(k * (w / 768));
  switch (art.motif) {
    case 'snow':
      for (let i = 0; i < 34; i++) {
        const x = r() * w;
        const y = r() * h;
        const s = n(8 + r() * 26);
        const o = 0.35 + r() * 0.55;
        const arms = [0, 60, 120]
          .map((a) => `<line x1="${-s}" y1="0" x2="${s}" y2="0" transform="rotate(${a})"/>`)
          .join('');
        parts.push(
          `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(r() * 60)})" stroke="#fff" stroke-width="${f(s / 7)}" stroke-linecap="round" opacity="${f(o)}">${arms}</g>`,
        );
      }
      for (let i = 0; i < 60; i++) parts.push(`<circle cx="${f(r() * w)}" cy="${f(r() * h)}" r="${f(1 + r() * 3)}" fill="#fff" opacity="${f(0.3 + r() * 0.5)}"/>`);
      break;
    case 'flowers':
      for (let i = 0; i < 16; i++) {
        const x = r() * w;
        const y = r() < 0.5 ? r() * h * 0.35 : h * 0.7 + r() * h * 0.3;
        const s = n(18 + r() * 30);
        const c = pick();
        const petals = Array.from({ length: 5 }, (_, k) => {
          const a = (k / 5) * Math.PI * 2;
          return `<ellipse cx="${f(Math.cos(a) * s)}" cy="${f(Math.sin(a) * s)}" rx="${f(s * 0.75)}" ry="${f(s * 0.5)}" transform="rotate(${f((a * 180) / Math.PI)} ${f(Math.cos(a) * s)} ${f(Math.sin(a) * s)})" fill="${c}"/>`;
        }).join('');
        parts.push(
          `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(r() * 72)})" opacity="${f(0.75 + r() * 0.25)}">${petals}<circle r="${f(s * 0.45)}" fill="#ffe66d"/></g>`,
        );
      }
      break;
    case 'hearts':
      for (let i = 0; i < 22; i++) {
        const x = r() * w;
        const y = r() * h;
        const s = (0.6 + r() * 1.8) * (w / 768);
        parts.push(
          `<path d="M0 8 C0 -4 -18 -6 -18 6 C-18 16 -6 22 0 30 C6 22 18 16 18 6 C18 -6 0 -4 0 8Z" fill="${pick()}" opacity="${f(0.45 + r() * 0.5)}" transform="translate(${f(x)} ${f(y)}) rotate(${f(r() * 50 - 25)}) scale(${f(s * 1.6)})"/>`,
        );
      }
      break;
    case 'balloons':
      for (let i = 0; i < 9; i++) {
        const x = n(40) + r() * (w - n(80));
        const y = r() < 0.6 ? r() * h * 0.3 : h * 0.72 + r() * h * 0.2;
        const s = n(36 + r() * 30);
        const c = pick();
        parts.push(
          `<g transform="translate(${f(x)} ${f(y)})"><path d="M0 ${f(s * 1.25)} q ${f(s * 0.4)} ${f(s)} 0 ${f(s * 2.2)}" stroke="#fff" stroke-width="2" fill="none" opacity="0.7"/>` +
            `<ellipse rx="${f(s)}" ry="${f(s * 1.25)}" fill="${c}"/><ellipse cx="${f(-s * 0.35)}" cy="${f(-s * 0.45)}" rx="${f(s * 0.22)}" ry="${f(s * 0.35)}" fill="#fff" opacity="0.45"/></g>`,
        );
      }
      break;
    case 'stars':
    case 'moon': {
      const count = art.motif === 'moon' ? 70 : 26;
      for (let i = 0; i < count; i++) {
        const x = r() * w;
        const y = r() * h;
        const s = art.motif === 'moon' ? n(2 + r() * 7) : n(10 + r() * 26);
        const pts = Array.from({ length: 10 }, (_, k) => {
          const a = (k / 10) * Math.PI * 2 - Math.PI / 2;
          const rad = k % 2 ? s * 0.42 : s;
          return `${f(Math.cos(a) * rad)},${f(Math.sin(a) * rad)}`;
        }).join(' ');
        parts.push(`<polygon points="${pts}" fill="${pick()}" opacity="${f(0.5 + r() * 0.5)}" transform="translate(${f(x)} ${f(y)}) rotate(${f(r() * 40)})"/>`);
      }
      if (art.motif === 'moon') {
        const cx = w * 0.74;
        const cy = h * 0.17;
        const rad = n(80);
        parts.push(
          `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad * 1.6)}" fill="#fff" opacity="0.08"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="#fdf0c4"/><circle cx="${f(cx + rad * 0.45)}" cy="${f(cy - rad * 0.2)}" r="${f(rad * 0.88)}" fill="${art.palette[0]}"/>`,
        );
      }
      break;
    }
    case 'sun': {
      const cx = w * 0.82;
      const cy = h * 0.12;
      const rays = Array.from({ length: 18 }, (_, k) => {
        const a = (k / 18) * 360;
        return `<polygon points="0,0 ${n(900)},${-n(40)} ${n(900)},${n(40)}" transform="rotate(${a})"/>`;
      }).join('');
      parts.push(`<g transform="translate(${f(cx)} ${f(cy)})" fill="#fff" opacity="0.13">${rays}</g>`);
      parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${n(150)}" fill="#fff" opacity="0.18"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${n(95)}" fill="${art.accents[0] ?? '#ffd166'}"/>`);
      for (let i = 0; i < 14; i++) parts.push(`<circle cx="${f(r() * w)}" cy="${f(h * 0.6 + r() * h * 0.4)}" r="${f(n(6 + r() * 22))}" fill="#fff" opacity="${f(0.12 + r() * 0.2)}"/>`);
      break;
    }
    case 'confetti':
      for (let i = 0; i < 90; i++) {
        const x = r() * w;
        const y = r() * h;
        const s = n(6 + r() * 12);
        parts.push(
          r() < 0.5
            ? `<rect x="${f(x)}" y="${f(y)}" width="${f(s)}" height="${f(s * 0.45)}" rx="2" fill="${pick()}" transform="rotate(${f(r() * 180)} ${f(x)} ${f(y)})" opacity="0.9"/>`
            : `<circle cx="${f(x)}" cy="${f(y)}" r="${f(s / 2.4)}" fill="${pick()}" opacity="0.85"/>`,
        );
      }
      break;
    case 'leaves':
      for (let i = 0; i < 26; i++) {
        const x = r() * w;
        const y = r() * h;
        const s = (0.8 + r() * 1.6) * (w / 768);
        parts.push(
          `<path d="M0 0 C 14 -18 34 -18 48 0 C 34 18 14 18 0 0 Z M0 0 L48 0" fill="${pick()}" stroke="#ffffff55" stroke-width="1.5" opacity="${f(0.6 + r() * 0.4)}" transform="translate(${f(x)} ${f(y)}) rotate(${f(r() * 360)}) scale(${f(s)})"/>`,
        );
      }
      break;
  }
  return parts.join('');
}

/** The whole card as SVG, `w`×`h` pixels. */
export function cardSvg(art: CardArt, w: number, h: number): string {
  const ink = art.dark ? '#2b2140' : '#ffffff';
  const shade = art.dark ? '#ffffff' : '#1b1030';
  const titleLines = lines(art.title);
  const longest = Math.max(...titleLines.map((l) => l.length));
  const size = Math.min(w * 0.16, (w * 0.8) / (longest * 0.7));
  const lineH = size * 1.12;
  const blockH = lineH * titleLines.length;
  const top = h * 0.5 - blockH / 2 + size * 0.8;
  const text = (fill: string, extra = '') =>
    titleLines
      .map((l, i) => `<text x="${f(w / 2)}" y="${f(top + i * lineH)}" ${extra} fill="${fill}">${esc(l)}</text>`)
      .join('');
  const sub = art.subtitle
    ? `<text x="${f(w / 2)}" y="${f(top + blockH + size * 0.05)}" font-family="DejaVu Sans" font-style="italic" font-size="${f(w * 0.056)}" text-anchor="middle" fill="${ink}" opacity="0.92" letter-spacing="1">${esc(art.subtitle)}</text>`
    : '';
  const inset = w * 0.045;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${art.palette[0]}"/><stop offset="0.55" stop-color="${art.palette[1]}"/><stop offset="1" stop-color="${art.palette[2]}"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.3" cy="0.25" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
<rect width="${w}" height="${h}" fill="url(#glow)"/>
${motifLayer(art, w, h)}
<rect width="${w}" height="${h}" fill="url(#vignette)"/>
<rect x="${f(inset)}" y="${f(inset)}" width="${f(w - 2 * inset)}" height="${f(h - 2 * inset)}" rx="${f(inset * 0.8)}" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="${f(w * 0.004)}"/>
<g font-family="DejaVu Serif" font-weight="bold" font-size="${f(size)}" text-anchor="middle">
  <g opacity="0.18">${[0.03, 0.06, 0.09].map((d) => `<g transform="translate(${f(size * d * 0.4)} ${f(size * d)})">${text(shade)}</g>`).join('')}</g>
  ${text(ink)}
</g>
${sub}
</svg>`;
}
