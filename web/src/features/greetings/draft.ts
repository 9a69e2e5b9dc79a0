import { DEFAULT_GREETING_BACKGROUND, GREETING_BACKGROUNDS, type GreetingBackground } from '@otkrytka/contract/rules/greetings';
import { CAPTION_FONT_IDS, type CaptionData } from '@otkrytka/contract/rules/caption';

/**
 * What the sender has typed into the wizard for one postcard, kept for this tab: leaving by
 * mistake (the browser's Back) and coming back finds it again. Dropped once the greeting is made.
 */
export interface GreetingDraft {
  step: number;
  toWhom: string;
  text: string;
  fromWhom: string;
  background: GreetingBackground;
  /** the words on the card, null when the sender put none */
  caption: CaptionData | null;
}

/** A kept caption if it still has the shape the editor holds (fonts may have changed since). */
function captionOf(v: unknown): CaptionData | null | undefined {
  if (v === null) return null;
  const c = v as Partial<CaptionData> | undefined;
  if (!c || typeof c.text !== 'string' || !(CAPTION_FONT_IDS as readonly unknown[]).includes(c.font)) return undefined;
  const num = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
  if (!num(c.x) || !num(c.y) || !num(c.size) || typeof c.color !== 'string' || !c.align || !c.effect) return undefined;
  return c as CaptionData;
}

const key = (postcardId: string | undefined) => `greeting-draft:${postcardId ?? ''}`;

/** What of a kept draft still has the wizard's shape (it may come from an older version of the app). */
function readDraft(v: unknown): Partial<GreetingDraft> {
  const d = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === 'string' ? x : undefined);
  return {
    step: typeof d.step === 'number' && d.step >= 0 && d.step <= 2 ? Math.floor(d.step) : undefined,
    toWhom: text(d.toWhom),
    text: text(d.text),
    fromWhom: text(d.fromWhom),
    background: (GREETING_BACKGROUNDS as readonly unknown[]).includes(d.background) ? (d.background as GreetingBackground) : undefined,
    caption: captionOf(d.caption),
  };
}

export function loadDraft(postcardId: string | undefined): Partial<GreetingDraft> {
  try {
    return readDraft(JSON.parse(sessionStorage.getItem(key(postcardId)) ?? '{}'));
  } catch {
    return {};
  }
}

/**
 * A draft kept from an earlier launch (CloudStorage, DeviceStorage, localStorage), whole: what is
 * missing or no longer valid takes the wizard's start; null when nothing was typed in it.
 */
export function parseDraft(v: unknown): GreetingDraft | null {
  const d = readDraft(v);
  if (!d.toWhom && !d.text && !d.fromWhom) return null;
  return {
    step: d.step ?? 0,
    toWhom: d.toWhom ?? '',
    text: d.text ?? '',
    fromWhom: d.fromWhom ?? '',
    background: d.background ?? DEFAULT_GREETING_BACKGROUND,
    caption: d.caption ?? null,
  };
}

export function saveDraft(postcardId: string | undefined, draft: GreetingDraft): void {
  try {
    sessionStorage.setItem(key(postcardId), JSON.stringify(draft));
  } catch {
    /* storage unavailable or full: the wizard still works */
  }
}

export function dropDraft(postcardId: string | undefined): void {
  try {
    sessionStorage.removeItem(key(postcardId));
  } catch {
    /* storage unavailable */
  }
}
