import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlEntryFor, routeHints } from '../src/http/route-hints';

/** A web build's manifest as vite writes it: both entries, shared chunks, the greeting page and its texts. */
function webBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'otkrytka-hints-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js', '_app-1.js'] },
    'greeting.html': { file: 'assets/greeting-1.js', imports: ['_react-1.js', '_stages-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_app-1.js': { file: 'assets/app-1.js' },
    '_stages-1.js': { file: 'assets/stages-1.js' },
    '_Modal-1.js': { file: 'assets/Modal-1.js', imports: ['_app-1.js'] },
    'src/features/greetings/pages/GreetingPage.tsx': { file: 'assets/GreetingPage-1.js', imports: ['_app-1.js', '_Modal-1.js', '_stages-1.js'] },
    'src/i18n/ru/greetings.json': { file: 'assets/greetings-1.js' },
    'src/i18n/ru/greeting.json': { file: 'assets/greeting-texts-1.js' },
  };
  fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('page hints from the web build', () => {
  it("a recipient's greeting names only its texts: greeting.html loads the rest, and never its personal API request", () => {
    const html = routeHints(webBuild())('/greeting/C_KNCCifymg5k0On_m04Mg');
    // a preload goes without the token and the app would reuse it: the sender would get the recipient's view
    expect(html).not.toContain('/api/greetings/');
    expect(html).toBe('<link rel="modulepreload" crossorigin href="/assets/greeting-texts-1.js">');
  });

  it.each(['/telegram/greeting/C_KNCCifymg5k0On_m04Mg', '/greeting/C_KNCCifymg5k0On_m04Mg?view=true'])("%s runs in the whole app: its page's chunks and texts, not what index.html loads already", (url) => {
    const html = routeHints(webBuild())(url);
    expect(html).toContain('href="/assets/GreetingPage-1.js"');
    expect(html).toContain('href="/assets/Modal-1.js"');
    expect(html).toContain('href="/assets/stages-1.js"');
    expect(html).toContain('href="/assets/greetings-1.js"');
    expect(html).toContain('href="/assets/greeting-texts-1.js"');
    expect(html).not.toContain('app-1.js');
    expect(html).not.toContain('react-1.js');
  });

  it('says nothing for other pages, odd ids, or without a build', () => {
    const hints = routeHints(webBuild());
    expect(hints('/gallery')).toBe('');
    expect(hints('/greeting/<script>')).toBe('');
    expect(routeHints(path.join(os.tmpdir(), 'no-such-build'))('/greeting/abc')).toBe('');
  });
});

describe('which HTML entry answers a page', () => {
  it("a recipient's greeting gets the lean greeting.html; Telegram, a link that opens on the greeting itself, other pages and odd ids get the app", () => {
    expect(htmlEntryFor('/greeting/C_KNCCifymg5k0On_m04Mg')).toBe('greeting.html');
    expect(htmlEntryFor('/greeting/C_KNCCifymg5k0On_m04Mg?from=gallery')).toBe('greeting.html');
    expect(htmlEntryFor('/greeting/C_KNCCifymg5k0On_m04Mg?from=gallery&view=true')).toBe('index.html');
    expect(htmlEntryFor('/telegram/greeting/C_KNCCifymg5k0On_m04Mg')).toBe('index.html');
    expect(htmlEntryFor('/greeting/C_KNCCifymg5k0On_m04Mg/edit')).toBe('index.html');
    expect(htmlEntryFor('/greeting/<script>')).toBe('index.html');
    expect(htmlEntryFor('/gallery')).toBe('index.html');
  });
});
