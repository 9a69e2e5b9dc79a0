import type { AuthResponse, Greeting, GreetingView } from '@otkrytka/contract';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INTRO_BUTTON_DELAY_MS, IntroStage } from '../components/GreetingStages';
import { PostcardMedia } from '../components/PostcardMedia';
import { handOver } from '../handover';
import GreetingPage from '../pages/GreetingPage';
import { fakeServer, greeting, renderPage, USER } from './harness';

vi.mock('../confetti', () => ({ celebrate: vi.fn() }));

const id = greeting().id;
const open = (query = '', visitor = true) =>
  renderPage(<GreetingPage />, { path: '/greeting/:greetingId', url: `/greeting/${id}${query}`, visitor });

describe('greeting page', () => {
  it('shows the intro button only after 500 ms', () => {
    vi.useFakeTimers();
    try {
      render(<IntroStage greeting={greeting() as Greeting} onNext={() => {}} />);
      expect(screen.getByRole('heading', { name: 'Маме' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(499));
      expect(screen.queryByRole('button', { name: 'Смотреть открытку' })).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole('button', { name: 'Смотреть открытку' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('while the intro shows, the postcard of the next stage is fetched at low priority — the very picture that stage shows', async () => {
    const made: HTMLImageElement[] = [];
    const RealImage = window.Image;
    vi.stubGlobal(
      'Image',
      class extends RealImage {
        constructor() {
          super();
          made.push(this);
        }
      },
    );
    vi.useFakeTimers();
    try {
      const base = greeting({ is_own: false }) as Greeting;
      const srcset = '/media/a/preview/480w/b.webp 480w, /media/a/preview/768x1180/b.webp 768w';
      const g = { ...base, postcard: { ...base.postcard!, media_kind: 'image' as const, viewer_url: '/media/a/preview/768x1180/b.webp', viewer_srcset: srcset } };
      render(<IntroStage greeting={g} onNext={() => {}} />);
      expect(made).toHaveLength(0);
      act(() => vi.advanceTimersByTime(INTRO_BUTTON_DELAY_MS));
      expect(made).toHaveLength(1);
      expect(made[0]!.fetchPriority).toBe('low');
      cleanup();
      render(<PostcardMedia card={g.postcard!} alt="открытка" />);
      const shown = screen.getByRole('img', { name: 'открытка' }) as HTMLImageElement;
      expect(made[0]!.getAttribute('srcset')).toBe(srcset);
      expect([made[0]!.getAttribute('src'), made[0]!.getAttribute('srcset'), made[0]!.getAttribute('sizes')]).toEqual([
        shown.getAttribute('src'),
        shown.getAttribute('srcset'),
        shown.getAttribute('sizes'),
      ]);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('plays intro → postcard → greeting', async () => {
    fakeServer(({ url }) => (url.pathname === `/api/greetings/${id}` ? { body: greeting({ is_own: false }) } : undefined));
    open();
    expect(await screen.findByRole('heading', { name: 'Маме' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Смотреть открытку' }, { timeout: 3000 }));
    expect(screen.getByRole('img', { name: 'Весна' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Поздравление' }));
    expect(screen.getByText('С днём рождения!')).toBeInTheDocument();
    expect(screen.getByText('— Аня')).toBeInTheDocument();
    expect(screen.getByText('Открытка:')).toBeInTheDocument();
    expect(screen.getByText('Канал:')).toBeInTheDocument();
    expect(screen.getByText('Галерея')).toBeInTheDocument();
  });

  it('keyboard: each stage a tap leads to takes the focus (the pressed button is gone with its stage)', async () => {
    fakeServer(({ url }) => (url.pathname === `/api/greetings/${id}` ? { body: greeting({ is_own: false }) } : undefined));
    open();
    const intro = await screen.findByRole('heading', { name: 'Маме' });
    expect(intro).not.toHaveFocus(); // a visit's first stage leaves the focus where the browser put it
    fireEvent.click(await screen.findByRole('button', { name: 'Смотреть открытку' }, { timeout: 3000 }));
    expect(screen.getByRole('button', { name: 'Поздравление' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Поздравление' }));
    expect(screen.getByRole('heading', { name: 'Маме' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: /Смотреть сначала/ }));
    expect(screen.getByRole('heading', { name: 'Маме' })).toHaveFocus();
  });

  it('keyboard: taking over from the first screen, the app focuses the stage the recipient tapped on to', async () => {
    // a greeting of its own: what was handed over stays with its id
    const g = greeting({ is_own: false, id: 'HandedOverFromTheFirstScreen' });
    fakeServer(({ url }) => (url.pathname === `/api/greetings/${g.id}` ? { body: g } : undefined));
    handOver(g.id, g as GreetingView, 'postcard');
    renderPage(<GreetingPage />, { path: '/greeting/:greetingId', url: `/greeting/${g.id}`, visitor: true });
    expect(await screen.findByRole('button', { name: 'Поздравление' })).toHaveFocus();
  });

  it("a visitor who signs in on the page as its sender gets the sender's view, not the recipient's taken over from the first screen", async () => {
    const g = greeting({ is_own: false, id: 'SignedInOnTheFirstScreen' });
    let signedIn = false;
    fakeServer(({ method, url }) => {
      if (url.pathname === `/api/greetings/${g.id}`) return { body: { ...g, is_own: signedIn } };
      if (method === 'POST' && url.pathname === '/api/auth/login') {
        signedIn = true;
        const res: AuthResponse = { access_token: 'sender-token', token_type: 'bearer', expires_at: '2030-01-01T00:00:00.000Z', user: USER };
        return { body: res };
      }
      return undefined;
    });
    handOver(g.id, g as GreetingView, 'detail');
    renderPage(<GreetingPage />, { path: '/greeting/:greetingId', url: `/greeting/${g.id}`, visitor: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Принять' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.change(within(dialog).getByLabelText('Логин или email'), { target: { value: 'anya' } });
    fireEvent.change(within(dialog).getByLabelText('Пароль'), { target: { value: 'secret-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('region', { name: 'Предпросмотр поздравления' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Принять' })).toBeNull();
  });

  it("remembers in the history entry the stage the first screen handed over, so Back to the page finds it there", async () => {
    const g = greeting({ is_own: false, id: 'HandedOverOnItsDetail' });
    fakeServer(({ url }) => (url.pathname === `/api/greetings/${g.id}` ? { body: g } : undefined));
    handOver(g.id, g as GreetingView, 'detail');
    renderPage(<GreetingPage />, { path: '/greeting/:greetingId', url: `/greeting/${g.id}`, visitor: true });
    expect(await screen.findByRole('button', { name: 'Принять' })).toBeInTheDocument();
    expect((window.history.state as { greetingStage?: string } | null)?.greetingStage).toBe('detail');
  });

  it('greets with "🎉 Поздравляю! 🎉" when there is no recipient name', async () => {
    fakeServer(() => ({ body: greeting({ to_whom: ' ', is_own: false }) }));
    open();
    // the spec's words are shown with their emoji; a screen reader hears the words alone
    const heading = await screen.findByRole('heading', { name: 'Поздравляю!' });
    expect(heading).toHaveTextContent('🎉 Поздравляю! 🎉');
    expect(await screen.findByRole('button', { name: 'Смотреть открытку' }, { timeout: 3000 })).toHaveTextContent('🎉 Смотреть открытку 🎉');
  });

  it('shows "Загрузка..." then "Поздравление не найдено" for an unknown greeting', async () => {
    fakeServer(() => undefined);
    open();
    expect(screen.getByText('Загрузка...')).toBeInTheDocument();
    expect(await screen.findByText('Поздравление не найдено')).toBeInTheDocument();
    // a page of the app, named like the others (a greeting itself is named as its link preview is)
    expect(document.title).toBe('Поздравление не найдено — Открытка');
  });

  it('a greeting that did not load (no connection) offers «Повторить» instead of «не найдено», and opens on retry', async () => {
    let online = false;
    fakeServer(({ url }) => {
      if (!online) throw new TypeError('Failed to fetch');
      return url.pathname === `/api/greetings/${id}` ? { body: greeting({ is_own: false }) } : undefined;
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Не удалось открыть поздравление' })).toBeInTheDocument();
    expect(screen.getByText('Проверьте интернет и попробуйте ещё раз.')).toBeInTheDocument();
    expect(screen.queryByText('Поздравление не найдено')).toBeNull();
    expect(document.title).toBe('Не удалось открыть поздравление — Открытка');
    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Маме' })).toBeInTheDocument();
  });

  it('the sender opening their own greeting from a notification reads where it is: to be accepted, or accepted', async () => {
    let g = greeting({ is_own: true, status: 'sent' });
    fakeServer(({ url }) => (url.pathname === `/api/greetings/${id}` ? { body: g } : undefined));
    const first = open('?view=true');
    expect(await screen.findByText('Это ваше поздравление — его примет получатель.')).toBeInTheDocument();
    first.unmount();
    g = greeting({ is_own: true, status: 'accepted', accepted_at: '2026-11-20T10:00:00.000Z' });
    open('?view=true');
    expect(await screen.findByText('Это ваше поздравление — его уже приняли.')).toBeInTheDocument();
    expect(screen.queryByText('Это ваше поздравление — его примет получатель.')).toBeNull();
  });

  it('asks a visitor to sign in before accepting, on the greeting page itself', async () => {
    const calls = fakeServer(() => ({ body: greeting({ is_own: false }) }));
    open('?view=true');
    expect(await screen.findByText('Внутри подарок — энергия: 5')).toBeInTheDocument();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    fireEvent.click(screen.getByRole('button', { name: 'Принять' }));
    // the sign-in dialog opens at once, and the card below the greeting is brought into view
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    // the dialog says why it opened, in place of its greeting line
    expect(dialog).toHaveAccessibleDescription('Войдите или зарегистрируйтесь — и поздравление сразу станет вашим.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await within(dialog).findByRole('heading', { name: 'Регистрация' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('Войдите или зарегистрируйтесь — и поздравление сразу станет вашим.');
    const ask = screen.getByText('Необходимо войти в систему').closest('[role="alert"]')!;
    expect(scrolled.mock.contexts).toContain(ask);
    expect(screen.getByTestId('location')).toHaveTextContent(`/greeting/${id}?view=true`);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('accepts for a signed-in user ("Проверяю..." → "Принять" → "🎁 Мои подарки") and offers the thank-you reply', async () => {
    let accepted = false;
    const calls = fakeServer(({ method, url }) => {
      if (url.pathname === `/api/greetings/${id}`) return { body: greeting({ is_own: false }) };
      if (url.pathname === `/api/greetings/${id}/accepted`)
        return { body: { is_accepted: accepted, accepted_at: null, energy_received: 0, is_own: false, gift_claimed: accepted } };
      if (method === 'POST' && url.pathname === `/api/greetings/${id}/accept`) {
        accepted = true;
        return { body: { already_accepted: false, energy_received: 5, accepted: {} } };
      }
      return undefined;
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      open('?view=true&from=accepted-greetings', false);
      // while the acceptance status loads the button reads 'Проверяю...' (and cannot be pressed)
      await screen.findByRole('button', { name: 'Проверяю...' });
      fireEvent.click(await screen.findByRole('button', { name: 'Принять' }));
      // said under the accept button, not in a toast over the greeting's words
      expect(await screen.findByTestId('accepted-note')).toHaveTextContent('Поздравление принято — оно в ваших подаркахВы получили в подарок энергию: 5!');
      expect(screen.getByTestId('accepted-note')).toHaveAttribute('role', 'status');
      expect(screen.queryByText(/^Поздравление принято!/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Мои подарки' })).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
      // the page stays and offers the thank-you reply; the gifts list is a button away
      expect(await screen.findByRole('heading', { name: 'Поблагодарить' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(screen.getByTestId('location')).toHaveTextContent(`/greeting/${id}?view=true&from=accepted-greetings`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a second acceptor is told the energy gift was taken by the first, before accepting and once accepted', async () => {
    let accepted = false;
    fakeServer(({ method, url }) => {
      if (url.pathname === `/api/greetings/${id}`) return { body: greeting({ is_own: false, energy: 5, gift_claimed: true }) };
      if (url.pathname === `/api/greetings/${id}/accepted`)
        return { body: { is_accepted: accepted, accepted_at: null, energy_received: 0, is_own: false, gift_claimed: true } };
      if (method === 'POST' && url.pathname === `/api/greetings/${id}/accept`) {
        accepted = true;
        return { body: { already_accepted: false, energy_received: 0, accepted: {} } };
      }
      return undefined;
    });
    open('?view=true', false);
    const taken = 'Подарок-энергию уже забрал тот, кто принял поздравление первым';
    expect(await screen.findByTestId('gift-taken')).toHaveTextContent(taken);
    expect(screen.queryByText('Внутри подарок — энергия: 5')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Принять' }));
    expect(await screen.findByTestId('accepted-gift')).toHaveTextContent(`${taken}.`);
    expect(screen.queryByTestId('gift-taken')).toBeNull();
  });

  it('while the acceptance is still being checked, nobody is told the gift is gone (it may be theirs)', async () => {
    fakeServer(({ url }) => {
      if (url.pathname === `/api/greetings/${id}`) return { body: greeting({ is_own: false, energy: 5, gift_claimed: true }) };
      if (url.pathname === `/api/greetings/${id}/accepted`)
        return { body: { is_accepted: true, accepted_at: '2026-03-10T10:00:00.000Z', energy_received: 5, is_own: false, gift_claimed: true } };
      return undefined;
    });
    const answered = globalThis.fetch as (input: string, init?: RequestInit) => Promise<Response>;
    let release: () => void = () => {};
    const checked = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (String(input).endsWith('/accepted')) await checked;
      return answered(input, init);
    });
    open('?view=true', false);
    expect(await screen.findByRole('button', { name: 'Проверяю...' })).toBeInTheDocument();
    expect(screen.queryByTestId('gift-taken')).toBeNull();
    release();
    expect(await screen.findByRole('button', { name: 'Мои подарки' })).toBeInTheDocument();
    expect(screen.queryByTestId('gift-taken')).toBeNull();
  });

  it('already accepted: "🎁 Мои подарки" goes to /accepted-greetings', async () => {
    fakeServer(({ url }) =>
      url.pathname.endsWith('/accepted')
        ? { body: { is_accepted: true, accepted_at: '2026-03-10T10:00:00.000Z', energy_received: 5, is_own: false, gift_claimed: true } }
        : { body: greeting({ is_own: false, gift_claimed: true }) },
    );
    open('?view=true', false);
    fireEvent.click(await screen.findByRole('button', { name: 'Мои подарки' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/accepted-greetings');
  });

  it('shows the sender the preview with Назад and Отправить; Back follows "from"', async () => {
    fakeServer(() => ({ body: greeting({ is_own: true }) }));
    open('?from=congratulations', false);
    expect(await screen.findByText('Предпросмотр поздравления')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Принять' })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Назад' })[0]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/congratulations');
  });

  it('lets the sender share the greeting from any stage of their preview', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    fakeServer(() => ({ body: greeting({ is_own: true }) }));
    open('?from=congratulations', false);
    // on the intro already: the share button in the top bar opens the share sheet with the page link
    fireEvent.click(await screen.findByRole('button', { name: 'Поделиться' }));
    const sheet = await screen.findByRole('dialog', { name: 'Поделиться поздравлением' });
    expect(sheet).toHaveTextContent(`${window.location.origin}/greeting/${id}`);
    expect(sheet).toHaveTextContent('Ссылка действует бессрочно');
    const telegram = screen.getByRole('link', { name: /Telegram/ });
    expect(telegram.getAttribute('href')).toContain(encodeURIComponent(`/greeting/${id}`));
  });

  it('the sender preview copies the link ("Ссылка скопирована!" for 2 s)', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fakeServer(() => ({ body: greeting({ is_own: true }) }));
    open('?from=congratulations', false);
    fireEvent.click(await screen.findByRole('button', { name: 'Смотреть открытку' }, { timeout: 3000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Поздравление' }));
    expect(screen.getByRole('button', { name: 'Отправить' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Скопировать ссылку/ }));
    expect(await screen.findByRole('button', { name: /Ссылка скопирована!/ })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/greeting/${id}`);
  });
});
