import { Fragment, type ReactNode } from 'react';

/**
 * Web links (http, https, www.) and @handles of 4 or more characters, found in plain text.
 * Anything else stays text: nothing is ever inserted as HTML.
 */
const TOKEN = /(https?:\/\/[^\s<>"']+|www\.[^\s<>"']+|(?<![\w@])@[A-Za-z0-9_]{4,32}\b)/g;
const TRAILING = /[.,;:!?)\]»"']+$/;

export interface LinkPart {
  text: string;
  href?: string;
}

/** Splits text into plain parts and links (exported for tests). */
export function linkParts(text: string): LinkPart[] {
  const parts: LinkPart[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    let raw = m[0];
    const start = m.index;
    if (!raw.startsWith('@')) raw = raw.replace(TRAILING, '');
    if (start > last) parts.push({ text: text.slice(last, start) });
    const href = raw.startsWith('@') ? `https://t.me/${raw.slice(1)}` : raw.startsWith('www.') ? `https://${raw}` : raw;
    parts.push(safeHref(href) ? { text: raw, href } : { text: raw });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

function safeHref(href: string): boolean {
  try {
    const u = new URL(href);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Plain text with its links and handles made clickable. */
export function Linkified({ text, className }: { text: string; className?: string }): ReactNode {
  return (
    <span className={className}>
      {linkParts(text).map((p, i) =>
        p.href ? (
          <a key={i} href={p.href} target="_blank" rel="noopener nofollow ugc" className="font-medium text-primary underline-offset-2 hover:underline break-all">
            {p.text}
          </a>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </span>
  );
}
