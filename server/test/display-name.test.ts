import { describe, expect, it } from 'vitest';
import { displayName } from '../src/modules/auth/display-name';

describe('how a user is called to others', () => {
  it('a Telegram user by the name Telegram gave them, not by their @handle', () => {
    expect(displayName({ username: 'zina_1950', first_name: 'Зинаида', last_name: 'Петровна', login: null })).toBe('Зинаида Петровна');
    expect(displayName({ username: 'zina_1950', first_name: 'Зинаида', last_name: null, login: null })).toBe('Зинаида');
  });

  it('without a Telegram name: the name they chose, else their login', () => {
    expect(displayName({ username: 'Аня', first_name: null, last_name: null, login: 'anna' })).toBe('Аня');
    expect(displayName({ username: null, first_name: null, last_name: null, login: 'anna' })).toBe('anna');
    expect(displayName({ username: '', first_name: '', last_name: null, login: null })).toBeNull();
  });

  it('never the login where the caller leaves it out (public lists)', () => {
    expect(displayName({ username: null, first_name: null, last_name: null })).toBeNull();
  });
});
