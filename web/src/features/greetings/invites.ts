/**
 * The invites this browser opened, by greeting: «Подписанные» leads back to a card's join page (to
 * change or withdraw one's signature) while it collects, and the list's answer carries no invite.
 */
const KEY = 'otkrytka.groupInvites';
const MAX = 50;

function read(): Record<string, string> {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberInvite(greetingId: string, invite: string) {
  try {
    const all = read();
    if (all[greetingId] === invite) return;
    delete all[greetingId];
    const entries = [...Object.entries(all), [greetingId, invite] as const].slice(-MAX);
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    /* storage full or off: the list still shows the card */
  }
}

export const knownInvite = (greetingId: string): string | null => read()[greetingId] ?? null;
