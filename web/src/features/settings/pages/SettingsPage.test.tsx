import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import SettingsPage from './SettingsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  for (const c of ['darkMode', 'language']) document.cookie = `${c}=; max-age=0; path=/`;
  document.documentElement.classList.remove('dark');
  localStorage.clear();
});

describe('settings: the theme and language choices are radio groups', () => {
  it('one Tab stop each, and the arrow keys choose', async () => {
    stubApi(() => undefined);
    await renderInApp(<SettingsPage />);
    const theme = await screen.findByRole('radiogroup', { name: 'Тема' });
    const light = screen.getByRole('radio', { name: 'Светлая' });
    const dark = screen.getByRole('radio', { name: 'Тёмная' });
    expect(light).toHaveAttribute('tabindex', '0');
    expect(dark).toHaveAttribute('tabindex', '-1');
    light.focus();
    fireEvent.keyDown(theme, { key: 'ArrowRight' });
    await waitFor(() => expect(dark).toHaveAttribute('aria-checked', 'true'));
    expect(dark).toHaveFocus();
    expect(document.documentElement).toHaveClass('dark');

    const language = screen.getByRole('radiogroup', { name: 'Язык интерфейса' });
    expect(screen.getByRole('radio', { name: 'Русский' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.keyDown(language, { key: 'End' });
    // English chosen: the page itself switches to English
    await waitFor(() => expect(screen.getByRole('radio', { name: 'English' })).toHaveAttribute('aria-checked', 'true'));
    expect(await screen.findByRole('radiogroup', { name: 'Interface language' })).toBeInTheDocument();
  });
});

describe('settings: sound in video postcards', () => {
  it('says what the switch does as it stands, and changes with it', async () => {
    stubApi(() => undefined);
    await renderInApp(<SettingsPage />);
    const sound = await screen.findByRole('switch', { name: 'Звук в видеооткрытках' });
    const before = sound.getAttribute('aria-checked') === 'true';
    expect(screen.getByText(before ? 'Видео будут начинаться со звуком.' : 'Видео будут начинаться без звука.')).toBeInTheDocument();
    fireEvent.click(sound);
    await waitFor(() => expect(sound).toHaveAttribute('aria-checked', String(!before)));
    expect(screen.getByText(before ? 'Видео будут начинаться без звука.' : 'Видео будут начинаться со звуком.')).toBeInTheDocument();
  });
});
