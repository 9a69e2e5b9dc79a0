import { describe, expect, it } from 'vitest';
import { targetOf } from './components/NotificationsPanel';

/** A date's reminder carries `open_wizard` with the gallery's address for picking a postcard (server: calendar reminders). */
describe('a reminder’s «Поздравить»', () => {
  const action = (action_params: Record<string, unknown>) => ({ action_type: 'open_wizard', label: 'Поздравить', is_primary: true, action_params });

  it('leads to the gallery address it names, picking a postcard for the person', () => {
    const path = '/gallery?to=%D0%9C%D0%B0%D0%BC%D0%B0&opens=2027-03-14&date=12';
    expect(targetOf(action({ path, to_whom: 'Мама', opens_on: '2027-03-14', date_id: 12 }))).toBe(path);
  });

  it('never leaves the app: another site’s address leads to the gallery', () => {
    expect(targetOf(action({ path: '//evil.example/x' }))).toBe('/gallery');
    expect(targetOf(action({ path: 'https://evil.example/x' }))).toBe('/gallery');
    expect(targetOf(action({ path: '/\\evil.example' }))).toBe('/gallery');
    expect(targetOf(action({}))).toBe('/gallery');
  });
});
