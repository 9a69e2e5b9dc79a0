/**
 * Small things the app keeps for the user between launches (the wizard's draft, what was already
 * offered): inside Telegram in its CloudStorage (the user's, on every device) or DeviceStorage
 * (this device, Mini Apps 9.0), elsewhere in localStorage. Loaded with the screens that keep
 * something, never with the first script.
 */
import { telegramSdk } from './environment';

/** Where a value may be kept, tried in the caller's order. */
export type KeepPlace = 'cloud' | 'device' | 'local';

/** localStorage keys carry the app's prefix. */
const localKey = (key: string) => `otkrytka.${key}`;

async function getFrom(place: KeepPlace, key: string): Promise<string | null> {
  const sdk = telegramSdk();
  if (place === 'cloud') return sdk ? sdk.cloudGet(key) : null;
  if (place === 'device') return sdk ? ((await sdk.deviceGet(key)) ?? null) : null;
  try {
    return localStorage.getItem(localKey(key));
  } catch {
    return null;
  }
}

async function setIn(place: KeepPlace, key: string, value: string | null): Promise<boolean> {
  const sdk = telegramSdk();
  if (place === 'cloud') return sdk ? sdk.cloudSet(key, value) : false;
  if (place === 'device') return sdk ? sdk.deviceSet(key, value) : false;
  try {
    if (value === null) localStorage.removeItem(localKey(key));
    else localStorage.setItem(localKey(key), value);
    return true;
  } catch {
    // private mode: kept as long as the page
    return false;
  }
}

/** The value kept under `key` in the first of `places` that has one; null when none has. */
export async function keptValue(key: string, places: readonly KeepPlace[]): Promise<string | null> {
  for (const place of places) {
    const v = await getFrom(place, key);
    if (v) return v;
  }
  return null;
}

/**
 * Keeps `value` in the first of `places` that takes it (CloudStorage refuses values over 4096
 * characters, an older client has no DeviceStorage); the places before it forget their older copy.
 * null forgets it everywhere.
 */
export async function keep(key: string, value: string | null, places: readonly KeepPlace[]): Promise<void> {
  if (value === null) {
    await Promise.all(places.map((p) => setIn(p, key, null)));
    return;
  }
  for (let i = 0; i < places.length; i++) {
    if (await setIn(places[i]!, key, value)) {
      if (i > 0) await Promise.all(places.slice(0, i).map((p) => setIn(p, key, null)));
      return;
    }
  }
}
