import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeHints } from '../src/http/route-hints';

/** A web build's manifest as vite writes it: the entry, a shared chunk, the greeting page and its texts. */
function webBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-hints-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_app-1.js'] },
    '_app-1.js': { file: 'assets/app-1.js' },
    '_Modal-1.js': { file: 'assets/Modal-1.js', imports: ['_app-1.js'] },
    'src/features/greetings/pages/GreetingPage.tsx': { file: 'assets/GreetingPage-1.js', imports: ['_app-1.js', '_Modal-1.js'] },
    'src/i18n/ru/greetings.json': { file: 'assets/greetings-1.js' },
  };
  fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('page hints from the web build', () => {
  it("names the greeting page's chunks and its texts, not what index.html loads already, nor its personal API request", () => {
    const html = routeHints(webBuild())('/greeting/C_KNCCifymg5k0On_m04Mg?view=true');
    // a preload goes without the token and the app would reuse it: the sender would get the recipient's view
    expect(html).not.toContain('/api/greetings/');
    expect(html).toContain('href="/assets/GreetingPage-1.js"');
    expect(html).toContain('href="/assets/Modal-1.js"');
    expect(html).toContain('href="/assets/greetings-1.js"');
    expect(html).not.toContain('app-1.js');
  });

  it('says nothing for other pages, odd ids, or without a build', () => {
    const hints = routeHints(webBuild());
    expect(hints('/gallery')).toBe('');
    expect(hints('/greeting/<script>')).toBe('');
    expect(routeHints(path.join(os.tmpdir(), 'no-such-build'))('/greeting/abc')).toBe('');
  });
});
