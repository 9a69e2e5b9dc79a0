import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { StatusChip } from '../components/StatusChip';
import SealedStage from '../components/SealedStage';
import ReplyPanel from '../components/ReplyPanel';
import { ReplyCard, ReplySnippet } from '../components/ReplyCard';
import GreetingPage from '../pages/GreetingPage';
import { countdownParts, formatMoment, localInputToIso, replyProblem, scheduleProblem } from '../tracking';
import { fakeServer, renderPage } from './harness';

vi.mock('../confetti', () => ({ celebrate: vi.fn() }));
import { createdRow, openGreeting, reply, sealedGreeting } from './trackingFixtures';

const hhmm = (iso: string) => {
  const d = new Date(iso); // the test machine's timezone, as the page shows it
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};
const now2026 = new Date('2026-03-01T00:00:00Z');

describe('formatMoment', () => {
  it('says the day, the month and the time in ru-RU and en', () => {
    const o = { now: now2026, timeZone: 'Europe/Moscow' };
    expect(formatMoment('2026-03-12T06:00:00Z', 'ru', o)).toBe('12 марта в 09:00');
    expect(formatMoment('2026-03-12T06:00:00Z', 'en', o)).toBe('12 March at 09:00');
    expect(formatMoment('2026-12-31T20:59:00Z', 'ru', o)).toBe('31 декабря в 23:59');
  });

  it('adds the year only when it is not this year', () => {
    const o = { now: now2026, timeZone: 'Europe/Moscow' };
    expect(formatMoment('2027-01-02T06:00:00Z', 'ru', o)).toBe('2 января 2027 в 09:00');
    expect(formatMoment('2027-01-02T06:00:00Z', 'en', o)).toBe('2 January 2027 at 09:00');
  });
});

describe('status chip', () => {
  const chip = async (lang: 'ru' | 'en', row: Parameters<typeof createdRow>[0]) => {
    await changeLanguage(lang);
    const { container, unmount } = render(<StatusChip greeting={createdRow(row)} />);
    const text = container.querySelector('[data-testid=greeting-status] > span:last-child')?.textContent;
    unmount();
    return text;
  };

  it('names each status in words with its moment, in ru and en', async () => {
    const at = '2026-03-12T06:00:00.000Z';
    expect(await chip('ru', { status: 'sent', created_at: at })).toBe(`Ждёт получателя с 12 марта в ${hhmm(at)}`);
    expect(await chip('ru', { status: 'opened', opened_at: at, open_count: 2 })).toBe(`Открыто 12 марта в ${hhmm(at)}`);
    expect(await chip('ru', { status: 'accepted', opened_at: at, accepted_at: at })).toBe(`Принято 12 марта в ${hhmm(at)}`);
    expect(await chip('ru', { status: 'scheduled', opens_at: at })).toBe(`Запланировано на 12 марта в ${hhmm(at)}`);
    expect(await chip('en', { status: 'opened', opened_at: at })).toBe(`Opened 12 March at ${hhmm(at)}`);
    expect(await chip('en', { status: 'scheduled', opens_at: at })).toBe(`Scheduled for 12 March at ${hhmm(at)}`);
    await changeLanguage('ru');
  });

  it('a scheduled moment is written in the zone the sender chose it in, which the page names beside it', async () => {
    // midnight of New Year in Moscow is 21:00 the day before in UTC
    const at = '2030-12-31T21:00:00.000Z';
    expect(await chip('ru', { status: 'scheduled', opens_at: at, opens_tz: 'Europe/Moscow' })).toBe('Запланировано на 1 января 2031 в 00:00');
    expect(await chip('ru', { status: 'scheduled', opens_at: at, opens_tz: 'Not/AZone' })).toBe(`Запланировано на ${formatMoment(at, 'ru')}`);
  });

  it('a scheduled greeting that opened counts as sent at its moment', async () => {
    const at = '2026-03-12T06:00:00.000Z';
    expect(await chip('ru', { status: 'sent', opens_at: at })).toBe(`Ждёт получателя с 12 марта в ${hhmm(at)}`);
  });
});

describe('reply snippet', () => {
  it('quotes the words the way each language does', async () => {
    for (const [lang, quoted] of [
      ['ru', '«Спасибо!»'],
      ['en', '“Спасибо!”'],
    ] as const) {
      await changeLanguage(lang);
      const { unmount } = render(<ReplySnippet reply={reply({ reaction: null, text: 'Спасибо!' })} />);
      expect(screen.getByTestId('row-reply')).toHaveTextContent(quoted);
      unmount();
    }
    await changeLanguage('ru');
  });
});

describe('reply card', () => {
  it('marks a reply edited after it was sent «изменён», and one never edited not', async () => {
    await changeLanguage('ru');
    const { rerender } = render(<ReplyCard reply={reply()} title="Боря пишет" />);
    expect(screen.queryByText(/изменён/)).toBeNull();
    rerender(<ReplyCard reply={reply({ updated_at: '2026-03-12T06:08:00.000Z' })} title="Боря пишет" />);
    expect(screen.getByText(/ · изменён$/)).toBeInTheDocument();
  });
});

describe('reply rules', () => {
  it('needs a reaction or words, at most 500 after trimming', () => {
    expect(replyProblem(null, '')).toBe('empty');
    expect(replyProblem(null, '   ')).toBe('empty');
    expect(replyProblem('❤️', '')).toBeNull();
    expect(replyProblem(null, 'Спасибо')).toBeNull();
    expect(replyProblem(null, `  ${'а'.repeat(500)}  `)).toBeNull();
    expect(replyProblem('🎉', 'а'.repeat(501))).toBe('tooLong');
  });

  it('schedules from 5 minutes to a year ahead', () => {
    // July to July: the same daylight-saving state a year apart in every timezone, so a year of wall-clock time is 365 days
    const now = new Date('2026-07-10T10:00:00');
    expect(scheduleProblem('', now)).toBe('required');
    expect(scheduleProblem('2026-07-10T10:04', now)).toBe('tooSoon');
    expect(scheduleProblem('2026-07-10T10:05', now)).toBeNull();
    expect(scheduleProblem('2027-07-10T10:00', now)).toBeNull();
    expect(scheduleProblem('2027-07-10T10:01', now)).toBe('tooLate');
    // the local moment, sent with the device's offset
    expect(Date.parse(localInputToIso('2026-03-12T09:00')!)).toBe(new Date('2026-03-12T09:00').getTime());
    expect(localInputToIso('2026-03-12T09:00')).toMatch(/^2026-03-12T09:00:00[+-]\d\d:\d\d$/);
  });
});

describe('reply form', () => {
  const id = openGreeting().id;
  const show = (g = openGreeting({ is_own: false })) =>
    renderPage(<ReplyPanel greeting={g} />, { path: '/greeting/:greetingId', url: `/greeting/${id}` });

  it('offers five reactions as toggle buttons and counts the words (trimmed, of 500)', async () => {
    fakeServer(() => undefined);
    show();
    expect(screen.getByRole('heading', { name: 'Поблагодарить' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Реакция' });
    const buttons = Array.from(group.querySelectorAll('button'));
    expect(buttons.map((b) => b.textContent)).toEqual(['❤️', '🥰', '😂', '🙏', '🎉']);
    const heart = screen.getByRole('button', { name: 'Сердце' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Праздник' }));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Праздник' })).toHaveAttribute('aria-pressed', 'true');

    const box = screen.getByRole('textbox', { name: 'Ваши слова (необязательно)' });
    fireEvent.change(box, { target: { value: '  Спасибо!  ' } });
    expect(screen.getByText('8 из 500')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'я'.repeat(501) } });
    expect(screen.getByText('501 из 500')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Не больше 500 символов');
    expect(screen.getByRole('button', { name: 'Отправить ответ' })).toBeDisabled();
  });

  it('refuses to send nothing, then sends the reaction and the trimmed words', async () => {
    const calls = fakeServer(({ method, body }) =>
      method === 'PUT' ? { body: reply({ ...(body as object), editable_until: new Date(Date.now() + 600_000).toISOString() }) } : undefined,
    );
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить ответ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Выберите реакцию или напишите пару слов');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Сердце' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '  Спасибо, мама!  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить ответ' }));
    await screen.findByText('Ответ отправлен — спасибо!');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: `/api/greetings/${id}/reply`, body: { reaction: '❤️', text: 'Спасибо, мама!' } },
    ]);
  });

  it('an edit says the reply was changed, not sent again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-12T06:08:00.000Z') });
    try {
      fakeServer(({ method, body }) => (method === 'PUT' ? { body: reply({ ...(body as object), updated_at: '2026-03-12T06:08:00.000Z' }) } : undefined));
      show(openGreeting({ reply: reply() }));
      expect(screen.queryByText(/изменён/)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Изменить ответ' }));
      fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Спасибо огромное!' } });
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить ответ' }));
      expect(await screen.findByText('Ответ изменён')).toBeInTheDocument();
      expect(screen.queryByText('Ответ отправлен — спасибо!')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the server refusal through its code', async () => {
    fakeServer(({ method }) => (method === 'PUT' ? { status: 409, body: { detail: 'locked', code: 'GREETING_REPLY_LOCKED' } } : undefined));
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Смех' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить ответ' }));
    // the code's text (common:errorCodes), not the server's English detail
    expect(await screen.findByRole('alert')).toHaveTextContent('Ответ можно изменить только в течение 10 минут после отправки');
  });

  it('a sent reply can be edited until its window closes (shown), then it is read-only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-12T06:08:00.000Z') });
    try {
      fakeServer(() => undefined);
      show(openGreeting({ reply: reply() }));
      expect(screen.getByText('Спасибо, мама!')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Сердце' })).toBeInTheDocument();
      expect(screen.getByTestId('reply-editable-until')).toHaveTextContent(`Можно изменить до ${hhmm(reply().editable_until)}`);
      fireEvent.click(screen.getByRole('button', { name: 'Изменить ответ' }));
      expect(screen.getByRole('textbox')).toHaveValue('Спасибо, мама!');
      expect(screen.getByRole('button', { name: 'Сердце' })).toHaveAttribute('aria-pressed', 'true');
      fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
      // the focus lands on the reply the form leaves, not on <body>
      expect(screen.getByRole('region', { name: 'Ваш ответ' })).toHaveFocus();
      // 06:15 passes: the reply stays, its edit button goes
      await act(() => vi.advanceTimersByTimeAsync(7 * 60_000 + 100));
      expect(screen.queryByRole('button', { name: 'Изменить ответ' })).toBeNull();
      expect(screen.getByText('Ответ больше нельзя изменить')).toBeInTheDocument();
      expect(screen.getByText('Спасибо, мама!')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('countdown page', () => {
  it('splits the time left', () => {
    expect(countdownParts((2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('shows the name, the moment and a live countdown — no postcard, no text, accepting disabled', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-12T02:34:53.000Z') });
    try {
      const g = sealedGreeting();
      const onCheck = vi.fn();
      render(<SealedStage greeting={g} receivedAt={Date.now()} onCheck={onCheck} />);
      expect(screen.getByRole('heading', { name: 'Маме' })).toBeInTheDocument();
      expect(screen.getByTestId('opens-at')).toHaveTextContent(`Откроется 12 марта в ${hhmm(g.opens_at)}`);
      const timer = screen.getByRole('timer', { name: 'До открытия' });
      expect(timer).toHaveTextContent('03ч25мин07с');
      act(() => vi.advanceTimersByTime(8000));
      expect(timer).toHaveTextContent('03ч24мин59с');
      expect(screen.queryByRole('img')).toBeNull();
      expect(screen.getByRole('button', { name: 'Принять' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Принять' })).toHaveAccessibleDescription('Принять поздравление можно будет, когда оно откроется.');
      // at the moment (and a second, for the server's whole seconds) it asks the server
      expect(onCheck).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(g.seconds_until_open * 1000 - 8000 + 1000));
      expect(onCheck).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('status')).toHaveTextContent('Открываем...');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks again when the page becomes visible; shows days for a far moment', () => {
    const onCheck = vi.fn();
    render(<SealedStage greeting={sealedGreeting({ seconds_until_open: 40 * 86_400 })} receivedAt={Date.now()} onCheck={onCheck} />);
    expect(screen.getByRole('timer')).toHaveTextContent(/^40дн\./);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onCheck).toHaveBeenCalledTimes(1);
  });
});

describe('greeting page, scheduled and tracked', () => {
  const id = openGreeting().id;
  const open = (query = '', visitor = true) =>
    renderPage(<GreetingPage />, { path: '/greeting/:greetingId', url: `/greeting/${id}${query}`, visitor });

  it('a sealed greeting opens by itself at the moment, on the same page, with its reveal', async () => {
    let opened = false;
    const calls = fakeServer(({ url }) =>
      url.pathname === `/api/greetings/${id}` ? { body: opened ? openGreeting() : sealedGreeting({ seconds_until_open: 3 }) } : undefined,
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      open('?view=true');
      expect(await screen.findByRole('timer')).toBeInTheDocument();
      expect(screen.queryByText('С днём рождения!')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Принять' })).toBeDisabled();
      opened = true;
      await act(() => vi.advanceTimersByTimeAsync(4100));
      // the intro plays (the reveal), then the greeting
      fireEvent.click(await screen.findByRole('button', { name: 'Смотреть открытку' }, { timeout: 3000 }));
      fireEvent.click(screen.getByRole('button', { name: 'Поздравление' }));
      expect(screen.getByText('С днём рождения!')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(`/greeting/${id}?view=true`);
      expect(calls.filter((c) => c.path === `/api/greetings/${id}`)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a sealed greeting the sender opens early («Открыть сейчас») shows within 15 seconds, without a reload', async () => {
    let opened = false;
    fakeServer(({ url }) =>
      url.pathname === `/api/greetings/${id}` ? { body: opened ? openGreeting() : sealedGreeting({ seconds_until_open: 40 * 86_400 }) } : undefined,
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      open('?view=true');
      expect(await screen.findByRole('timer')).toBeInTheDocument();
      opened = true;
      await act(() => vi.advanceTimersByTimeAsync(15_500));
      expect(await screen.findByRole('button', { name: 'Смотреть открытку' }, { timeout: 3000 })).toBeInTheDocument();
      expect(screen.queryByRole('timer')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the sender the status, the opens, the replies and the schedule', async () => {
    const at = '2026-03-12T06:00:00.000Z';
    fakeServer(({ url }) =>
      url.pathname === `/api/greetings/${id}`
        ? {
            body: openGreeting({
              is_own: true,
              status: 'accepted',
              opened_at: at,
              accepted_at: at,
              open_count: 3,
              replies: [reply({ reaction: '🎉', text: 'Спасибо!' })],
            }),
          }
        : undefined,
    );
    open('?view=true', false);
    const panel = await screen.findByRole('region', { name: 'Что с поздравлением' });
    expect(panel).toHaveTextContent(`Принято 12 марта в ${hhmm(at)}`);
    expect(panel).toHaveTextContent('Открыли 3 раза');
    expect(panel).toHaveTextContent('Боря пишет');
    expect(panel).toHaveTextContent('Спасибо!');
    expect(screen.getByRole('img', { name: 'Праздник' })).toBeInTheDocument();
  });

  it("takes the sender's date controls away when the moment comes while they look, and reads the greeting again", async () => {
    const at = new Date(Date.now() + 1500).toISOString();
    let reads = 0;
    fakeServer(({ url }) => {
      if (url.pathname !== `/api/greetings/${id}`) return undefined;
      reads += 1;
      return { body: openGreeting({ is_own: true, status: reads === 1 ? 'scheduled' : 'sent', opens_at: at, opens_tz: 'Europe/Moscow' }) };
    });
    open('?view=true', false);
    expect(await screen.findByRole('button', { name: 'Изменить дату' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Изменить дату' })).toBeNull(), { timeout: 4000 });
    expect(screen.queryByRole('button', { name: 'Открыть сейчас' })).toBeNull();
    await waitFor(() => expect(reads).toBe(2));
  });

  it('lets the sender move or cancel the moment of a scheduled greeting', async () => {
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const calls = fakeServer(({ method, url, body }) =>
      url.pathname === `/api/greetings/${id}`
        ? { body: openGreeting({ is_own: true, status: 'scheduled', opens_at: method === 'PATCH' ? null : at, opens_tz: 'Europe/Moscow', ...(body as object) }) }
        : undefined,
    );
    open('?view=true', false);
    const editor = await screen.findByTestId('schedule-editor');
    expect(editor).toHaveTextContent('Часовой пояс: Europe/Moscow');
    fireEvent.click(screen.getByRole('button', { name: 'Изменить дату' }));
    const input = screen.getByLabelText('Дата и время открытия');
    expect(input).toHaveAttribute('type', 'datetime-local');
    // the zone is named once: by the field, which reads the new moment in it
    expect(within(editor).getAllByText(/^Часовой пояс:/)).toHaveLength(1);
    fireEvent.change(input, { target: { value: '2000-01-01T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить дату' }));
    expect(await screen.findByText('Выберите момент хотя бы через 5 минут')).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    fireEvent.click(screen.getByRole('button', { name: 'Открыть сейчас' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Открыть сейчас' }));
    expect(await screen.findByText('Поздравление открыто')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ opens_at: null, opens_tz: null }]);
  });
});
