/**
 * A stand-in for the Telegram client, for development and end-to-end tests: it asks the server's
 * test hook (present only with ENABLE_TEST_HOOKS and never in production) to sign initData with the
 * configured bot token, then mocks the launch parameters and answers the SDK's requests. Sign-in
 * then goes through the real POST /api/auth/telegram check. Loaded only when asked for.
 */
import { emitEvent, mockTelegramEnv } from '@telegram-apps/sdk-react';
import { MOCK_KEY } from './base';
import type { TelegramUserInfo } from './types';

declare global {
  interface Window {
    /** the mock's record of the calls the app made to Telegram, and a way to send it events (tests) */
    __telegramMock?: { calls: [string, unknown][]; emit: typeof emitEvent };
  }
}

export interface TelegramMockOptions {
  user: TelegramUserInfo;
  theme: 'light' | 'dark';
  /** the start parameter of a direct Mini App link, signed into initData as Telegram does */
  startParam?: string;
  /** Mini Apps version the mock client reports (old ones cannot share prepared messages) */
  version?: string;
  /** the user's Telegram language code, signed into initData as Telegram does */
  languageCode?: string;
  /** Telegram Premium, signed into initData */
  premium?: boolean;
  /** the user already lets the bot write to them, signed into initData */
  allowsWrite?: boolean;
  /** a phone's insets (notch, Telegram's own controls in fullscreen) instead of none */
  insets?: boolean;
  /** Telegram answers a prepared message with `prepared_message_failed` instead of sending it */
  preparedFails?: boolean;
}

/**
 * The mock is asked for with `?tg_mock=1` (or `?tg_mock=<telegram user id>`, plus
 * `tg_mock_theme=dark`, `tg_mock_name=…`, `tg_mock_start=<start param>`, `tg_mock_version=7.0`,
 * `tg_mock_lang=en`, `tg_mock_premium=1`, `tg_mock_write=1`, `tg_mock_insets=1`, `tg_mock_prepared=fail`) and kept for the tab's session; `?tg_mock=0` ends it.
 */
export function mockRequest(): TelegramMockOptions | null {
  try {
    const q = new URLSearchParams(window.location.search);
    const flag = q.get('tg_mock');
    if (flag === '0' || flag === 'off') {
      sessionStorage.removeItem(MOCK_KEY);
      return null;
    }
    if (flag !== null) {
      const id = /^\d{2,15}$/.test(flag) ? Number(flag) : 100001;
      const opts: TelegramMockOptions = {
        user: { id, first_name: q.get('tg_mock_name') ?? 'Тест', last_name: 'Телеграмов', username: `tg_${id}` },
        theme: q.get('tg_mock_theme') === 'dark' ? 'dark' : 'light',
        ...(q.get('tg_mock_start') ? { startParam: q.get('tg_mock_start')! } : {}),
        ...(q.get('tg_mock_version') ? { version: q.get('tg_mock_version')! } : {}),
        ...(q.get('tg_mock_lang') ? { languageCode: q.get('tg_mock_lang')! } : {}),
        ...(q.get('tg_mock_premium') === '1' ? { premium: true } : {}),
        ...(q.get('tg_mock_write') === '1' ? { allowsWrite: true } : {}),
        ...(q.get('tg_mock_insets') === '1' ? { insets: true } : {}),
        ...(q.get('tg_mock_prepared') === 'fail' ? { preparedFails: true } : {}),
      };
      sessionStorage.setItem(MOCK_KEY, JSON.stringify(opts));
      return opts;
    }
    const saved = sessionStorage.getItem(MOCK_KEY);
    return saved ? (JSON.parse(saved) as TelegramMockOptions) : null;
  } catch {
    return null;
  }
}

// Telegram's own default palettes
const LIGHT = {
  accent_text_color: '#168acd',
  bg_color: '#ffffff',
  button_color: '#40a7e3',
  button_text_color: '#ffffff',
  destructive_text_color: '#d14e4e',
  header_bg_color: '#ffffff',
  hint_color: '#999999',
  link_color: '#168acd',
  secondary_bg_color: '#f1f1f1',
  section_bg_color: '#ffffff',
  section_header_text_color: '#168acd',
  section_separator_color: '#e7e7e7',
  subtitle_text_color: '#999999',
  text_color: '#000000',
} as const;
const DARK = {
  accent_text_color: '#6ab2f2',
  bg_color: '#17212b',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  destructive_text_color: '#ec3942',
  header_bg_color: '#17212b',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  section_separator_color: '#111921',
  subtitle_text_color: '#708499',
  text_color: '#f5f5f5',
} as const;
const NO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 };
// an iPhone's notch and home indicator, and Telegram's close/menu controls over a fullscreen app
const PHONE_SAFE_AREA = { top: 47, bottom: 34, left: 0, right: 0 };
const PHONE_CONTENT_SAFE_AREA = { top: 46, bottom: 0, left: 0, right: 0 };

export async function installTelegramMock({
  user,
  theme,
  startParam,
  version = '8.0',
  languageCode,
  premium,
  allowsWrite,
  insets,
  preparedFails,
}: TelegramMockOptions): Promise<void> {
  const res = await fetch('/api/test-hooks/telegram-init-data', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user: {
        ...user,
        ...(languageCode ? { language_code: languageCode } : {}),
        ...(premium ? { is_premium: true } : {}),
        ...(allowsWrite ? { allows_write_to_pm: true } : {}),
      },
      ...(startParam ? { start_param: startParam } : {}),
    }),
  });
  if (!res.ok) throw new Error(`The Telegram mock needs the server's test hooks (HTTP ${res.status})`);
  const { init_data } = (await res.json()) as { init_data: string };
  const palette = theme === 'dark' ? DARK : LIGHT;
  const calls: [string, unknown][] = [];
  window.__telegramMock = { calls, emit: emitEvent };
  // the user's CloudStorage and this device's DeviceStorage, kept across launches as Telegram keeps them
  const store = (name: string) => {
    const at = `otkrytka.telegram-mock-${name}.${user.id}`;
    const read = (): Record<string, string> => {
      try {
        return JSON.parse(localStorage.getItem(at) ?? '{}') as Record<string, string>;
      } catch {
        return {};
      }
    };
    return {
      read,
      write: (key: string, value: string | null) => {
        const all = read();
        if (value === null) delete all[key];
        else all[key] = value;
        localStorage.setItem(at, JSON.stringify(all));
      },
    };
  };
  const cloud = store('cloud');
  const device = store('device');
  mockTelegramEnv({
    resetPostMessage: true,
    launchParams: {
      tgWebAppData: init_data,
      tgWebAppThemeParams: palette,
      tgWebAppVersion: version,
      ...(startParam ? { tgWebAppStartParam: startParam } : {}),
      tgWebAppPlatform: 'tdesktop',
    },
    onEvent(e) {
      calls.push([e[0], e[1]]);
      const viewport = () =>
        emitEvent('viewport_changed', {
          height: window.innerHeight,
          width: window.innerWidth,
          is_expanded: true,
          is_state_stable: true,
        });
      switch (e[0]) {
        case 'web_app_request_theme':
          return emitEvent('theme_changed', { theme_params: palette });
        case 'web_app_request_viewport':
          return viewport();
        case 'web_app_request_safe_area':
          return emitEvent('safe_area_changed', insets ? PHONE_SAFE_AREA : NO_INSETS);
        case 'web_app_request_content_safe_area':
          return emitEvent('content_safe_area_changed', insets ? PHONE_CONTENT_SAFE_AREA : NO_INSETS);
        case 'web_app_request_fullscreen':
          return emitEvent('fullscreen_changed', { is_fullscreen: true });
        case 'web_app_exit_fullscreen':
          return emitEvent('fullscreen_changed', { is_fullscreen: false });
        case 'web_app_request_write_access':
          // the user allows it
          return emitEvent('write_access_requested', { status: 'allowed' });
        case 'web_app_open_popup': {
          // the user presses the last button (the confirming one)
          const buttons = (e[1] as { buttons: { id: string }[] }).buttons;
          return void setTimeout(() => emitEvent('popup_closed', { button_id: buttons.at(-1)?.id }));
        }
        case 'web_app_send_prepared_message':
          // the user picks a chat and sends (or Telegram fails, when asked to)
          return preparedFails ? emitEvent('prepared_message_failed', { error: 'MESSAGE_EXPIRED' }) : emitEvent('prepared_message_sent');
        case 'web_app_invoke_custom_method': {
          const { req_id, method, params } = e[1] as { req_id: string; method: string; params: { key?: string; keys?: string[]; value?: string } };
          const answer = (result: unknown) => setTimeout(() => emitEvent('custom_method_invoked', { req_id, result }));
          if (method === 'getStorageValues') return void answer(Object.fromEntries((params.keys ?? []).map((k) => [k, cloud.read()[k] ?? ''])));
          if (method === 'saveStorageValue') return void (cloud.write(params.key!, params.value ?? ''), answer(true));
          if (method === 'deleteStorageValues') return void ((params.keys ?? []).forEach((k) => cloud.write(k, null)), answer(true));
          if (method === 'getStorageKeys') return void answer(Object.keys(cloud.read()));
          return;
        }
        case 'web_app_device_storage_get_key': {
          const { req_id, key } = e[1] as { req_id: string; key: string };
          return void setTimeout(() => emitEvent('device_storage_key_received' as never, { req_id, value: device.read()[key] ?? null } as never));
        }
        case 'web_app_device_storage_save_key': {
          const { req_id, key, value } = e[1] as { req_id: string; key: string; value: string | null };
          device.write(key, value);
          return void setTimeout(() => emitEvent('device_storage_key_saved' as never, { req_id } as never));
        }
        case 'web_app_check_home_screen':
          // the app is not on this device's home screen yet
          return void setTimeout(() => emitEvent('home_screen_checked', { status: 'missed' }));
        case 'web_app_add_to_home_screen':
          // the user adds it
          return void setTimeout(() => emitEvent('home_screen_added'));
        case 'web_app_open_tg_link':
          // no Telegram client here: open the link the ordinary way
          return void window.open(`https://t.me${(e[1] as { path_full: string }).path_full}`, '_blank', 'noopener');
      }
    },
  });
}
