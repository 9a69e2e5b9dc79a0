import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import CreateGreetingPage from '../pages/CreateGreetingPage';
import { toLocalInput } from '../tracking';
import { fakeServer, greeting, renderPage } from './harness';

vi.mock('../confetti', () => ({ celebrate: vi.fn() }));
// the wizard keeps a draft for the tab (draft.ts): each test starts without one
afterEach(() => sessionStorage.clear());

const postcard = { id: 3, title: 'Весна', collection_id: 9, media_kind: 'image', image_url: '/media/a/b.jpg', preview_78x101_url: null };

function serve(yang: number) {
  return fakeServer(({ method, url, body }) => {
    if (method === 'GET' && url.pathname === '/api/image_relations/3') return { body: postcard };
    if (method === 'GET' && url.pathname === '/api/user-game-data/energy-status') return { body: { yang_energy: yang } };
    if (method === 'POST' && url.pathname === '/api/greetings') return { status: 201, body: greeting({ ...(body as object), id: 'NewGreeting_0123456789' }) };
    return undefined;
  });
}
const open = () => renderPage(<CreateGreetingPage />, { path: '/mychannels/:channelId/:postcardId/create-congratulation', url: '/mychannels/9/3/create-congratulation' });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('create-greeting wizard', () => {
  it('walks four steps with "<title> - Шаг N"; Skip applies the defaults and creates with 0 energy', async () => {
    const calls = serve(21);
    open();
    expect(await screen.findByRole('heading', { name: 'Кому поздравление? - Шаг 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Назад' })).toBeNull(); // no previous step on step 1
    click('Пропустить');
    expect(screen.getByRole('heading', { name: /- Шаг 2$/ })).toBeInTheDocument();
    expect(screen.getByText('Дорогой друг')).toBeInTheDocument();
    // what the greeting will say when the step is left empty, the signature included
    expect(screen.getByText('С праздником! Желаю счастья и радости!')).toBeInTheDocument();
    // an empty «От кого» signs with the sender's name (USER is «Аня»), and the field says so
    expect(screen.getByTestId('wizard-preview-from')).toHaveTextContent('— Аня');
    expect(screen.getByRole('textbox', { name: 'От кого поздравление?' })).toHaveAccessibleDescription(
      'Если оставить поле пустым, поздравление будет подписано вашим именем: Аня',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'От кого поздравление?' }), { target: { value: 'Мама' } });
    expect(screen.getByTestId('wizard-preview-from')).toHaveTextContent('— Мама');
    fireEvent.change(screen.getByRole('textbox', { name: 'От кого поздравление?' }), { target: { value: '' } });
    click('Пропустить');
    expect(screen.getByRole('heading', { name: /- Шаг 3$/ })).toBeInTheDocument();
    click('Пропустить');
    expect(await screen.findByRole('heading', { name: 'Поздравление создано! - Шаг 4' })).toBeInTheDocument();
    expect(screen.getByText('Поздравление готово и ждет своего получателя!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Вернуться к открытке' })).toBeDisabled();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      image_relations_id: 3,
      to_whom: 'Дорогой друг',
      greeting: 'С праздником! Желаю счастья и радости!',
      from_whom: '',
      background_first_page: 'pink-purple-indigo',
      background_greeting_page: 'pink-purple-indigo',
      energy: 0,
      idempotency_key: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('leaving the wizard (the browser\'s Back) and coming back finds the step and the texts as they were; a made greeting leaves no draft', async () => {
    serve(21);
    const first = open();
    fireEvent.change(await screen.findByLabelText('Имя получателя'), { target: { value: 'Бабушке' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Тёмный зелёный и синий' }));
    click('Далее');
    fireEvent.change(screen.getByLabelText('Текст поздравления'), { target: { value: 'С юбилеем!' } });
    first.unmount();

    open();
    expect(await screen.findByRole('heading', { name: /- Шаг 2$/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Текст поздравления')).toHaveValue('С юбилеем!');
    click('Назад');
    expect(screen.getByLabelText('Имя получателя')).toHaveValue('Бабушке');
    expect(screen.getByRole('radio', { name: 'Тёмный зелёный и синий' })).toBeChecked();
    click('Далее');
    click('Далее');
    click('Создать поздравление');
    expect(await screen.findByRole('heading', { name: 'Поздравление создано! - Шаг 4' })).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });

  it('«Поделиться» on the done step says, without a bot on the server, that a plain web link is shared', async () => {
    fakeServer(({ method, url, body }) => {
      if (url.pathname === '/api/image_relations/3') return { body: postcard };
      if (url.pathname === '/api/user-game-data/energy-status') return { body: { yang_energy: 0 } };
      if (method === 'POST') return { status: 201, body: greeting({ ...(body as object), id: 'NewGreeting_0123456789', telegram_url: null }) };
      return undefined;
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Пропустить' }));
    click('Пропустить');
    click('Пропустить');
    await screen.findByRole('heading', { name: 'Поздравление создано! - Шаг 4' });
    click('Поделиться');
    const sheet = await screen.findByRole('dialog', { name: 'Поделиться поздравлением' });
    expect(within(sheet).getByRole('note')).toHaveTextContent('Это обычная веб-ссылка: она откроется в любом браузере');
  });

  it('the gift step and the done step take the focus to their heading, so Enter twice on Next does not create', async () => {
    const calls = serve(21);
    open();
    fireEvent.change(await screen.findByLabelText('Имя получателя'), { target: { value: 'Маме' } });
    click('Далее');
    expect(screen.getByLabelText('Текст поздравления')).toHaveFocus();
    click('Далее');
    const step3 = screen.getByRole('heading', { name: /- Шаг 3$/ });
    await waitFor(() => expect(step3).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Создать поздравление' })).not.toHaveFocus();
    click('Создать поздравление');
    const done = await screen.findByRole('heading', { name: 'Поздравление создано! - Шаг 4' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('Enter in the last field of steps 1 and 2 goes on, as «Далее» does', async () => {
    serve(21);
    open();
    const to = await screen.findByLabelText('Имя получателя');
    fireEvent.change(to, { target: { value: 'Маме' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    expect(await screen.findByRole('heading', { name: /- Шаг 2$/ })).toBeInTheDocument();
    const from = screen.getByLabelText('От кого поздравление?');
    fireEvent.change(from, { target: { value: 'Аня' } });
    fireEvent.keyDown(from, { key: 'Enter' });
    expect(await screen.findByRole('heading', { name: /- Шаг 3$/ })).toBeInTheDocument();
  });

  it('sends trimmed values, the chosen background and the chosen gift', async () => {
    const calls = serve(21);
    open();
    fireEvent.change(await screen.findByLabelText('Имя получателя'), { target: { value: '  Маме ' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Тёмный зелёный и синий' }));
    click('Далее');
    fireEvent.change(screen.getByLabelText('Текст поздравления'), { target: { value: ' С праздником весны! ' } });
    fireEvent.change(screen.getByLabelText('От кого поздравление?'), { target: { value: ' Аня ' } });
    click('Далее');
    // the wizard starts at 10; with 21 energy the step is 2 and the maximum the whole 21
    const slider = await screen.findByRole('slider');
    // the gift is paid from yang only, so the balance shown is named as yang (not the bar's yang + yin)
    expect(screen.getByText('Ваша энергия Ян: 21')).toBeInTheDocument();
    expect(slider).toHaveAttribute('max', '21');
    expect(slider).toHaveValue('10');
    click('Больше энергии');
    expect(slider).toHaveValue('12');
    click('Создать поздравление');
    await screen.findByText('Поздравление готово и ждет своего получателя!');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      image_relations_id: 3,
      to_whom: 'Маме',
      greeting: 'С праздником весны!',
      from_whom: 'Аня',
      background_first_page: 'dark-green-blue',
      background_greeting_page: 'dark-green-blue',
      energy: 12,
      idempotency_key: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('a selection of 0 resets to half the energy (rounded down) when the gift step opens again', async () => {
    serve(21);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Пропустить' }));
    click('Пропустить');
    const slider = await screen.findByRole('slider');
    fireEvent.change(slider, { target: { value: '0' } });
    expect(slider).toHaveValue('0');
    click('Назад');
    click('Далее');
    await waitFor(() => expect(screen.getByRole('slider')).toHaveValue('10'));
  });

  it('a double tap on «Создать поздравление» sends one request; a retry after a failure sends the same idempotency_key', async () => {
    let fail = true;
    const calls = fakeServer(({ method, url, body }) => {
      if (url.pathname === '/api/image_relations/3') return { body: postcard };
      if (url.pathname === '/api/user-game-data/energy-status') return { body: { yang_energy: 20 } };
      if (method === 'POST' && fail) return { status: 500, body: { detail: 'Internal server error', code: 'INTERNAL_ERROR' } };
      if (method === 'POST') return { status: 201, body: greeting({ ...(body as object), id: 'NewGreeting_0123456789' }) };
      return undefined;
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Пропустить' }));
    click('Пропустить');
    const create = await screen.findByRole('button', { name: 'Создать поздравление' });
    fireEvent.click(create);
    fireEvent.click(create);
    expect(await screen.findByText('Что-то пошло не так, попробуйте ещё раз')).toHaveAttribute('role', 'alert');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Создать поздравление' }));
    expect(await screen.findByRole('heading', { name: 'Поздравление создано! - Шаг 4' })).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => (c.body as { idempotency_key: string }).idempotency_key);
    expect(posts).toHaveLength(2);
    expect(posts[1]).toBe(posts[0]);
  });

  it('shows the server refusal when there is not enough energy and stays on the gift step', async () => {
    fakeServer(({ method, url }) => {
      if (url.pathname === '/api/image_relations/3') return { body: postcard };
      if (url.pathname === '/api/user-game-data/energy-status') return { body: { yang_energy: 20 } };
      if (method === 'POST') return { status: 409, body: { detail: 'Not enough energy for a gift of 10', code: 'INSUFFICIENT_BALANCE' } };
      return undefined;
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Далее' }));
    click('Далее');
    fireEvent.click(await screen.findByRole('button', { name: 'Создать поздравление' }));
    expect(await screen.findByText('Недостаточно энергии для такого подарка')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { name: /- Шаг 3$/ })).toBeInTheDocument();
  });

  it('«Открыть в день праздника» on the last step sends the moment with its offset and the sender\'s timezone', async () => {
    const calls = serve(0);
    open();
    await screen.findByRole('heading', { name: 'Кому поздравление? - Шаг 1' });
    click('Пропустить');
    click('Пропустить');
    fireEvent.click(await screen.findByRole('switch', { name: 'Открыть в день праздника' }));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByText(`Часовой пояс: ${zone}`)).toBeInTheDocument();
    const input = screen.getByLabelText('Дата и время открытия');
    expect(input).toHaveAttribute('type', 'datetime-local');
    fireEvent.change(input, { target: { value: '2000-01-01T10:00' } });
    click('Создать поздравление');
    expect(await screen.findByText('Выберите момент хотя бы через 5 минут')).toBeInTheDocument();
    expect(input).toHaveFocus(); // the refusal is where the keyboard (and the screen) is
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    const value = toLocalInput(new Date(Date.now() + 2 * 86_400_000));
    fireEvent.change(input, { target: { value } });
    click('Создать поздравление');
    expect(await screen.findByRole('heading', { name: 'Поздравление создано! - Шаг 4' })).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')?.body as { opens_at: string; opens_tz: string };
    // the wall-clock time as typed, with the offset of the sender's zone at that moment
    expect(sent.opens_at).toMatch(new RegExp(`^${value}:00[+-]\\d\\d:\\d\\d$`));
    expect(Date.parse(sent.opens_at)).toBe(new Date(value).getTime());
    expect(sent.opens_tz).toBe(zone);
    expect(screen.getByText(/^Откроется /)).toBeInTheDocument();
  }, 20_000);

  it('tapping the words «Открыть в день праздника» switches the date on and off, not only the small switch', async () => {
    serve(0);
    open();
    await screen.findByRole('heading', { name: 'Кому поздравление? - Шаг 1' });
    click('Пропустить');
    click('Пропустить');
    const toggle = await screen.findByRole('switch', { name: 'Открыть в день праздника' });
    fireEvent.click(screen.getByText('Открыть в день праздника'));
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('Дата и время открытия')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Открыть в день праздника'));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});

describe("the wizard's titles", () => {
  afterEach(() => initI18n('ru', 'all'));

  it.each([
    ['ru', ['Кому поздравление? - Шаг 1', 'Текст поздравления - Шаг 2', 'Подарок энергии - Шаг 3', 'Поздравление создано! - Шаг 4'], 'Открытка', 'Пропустить'],
    ['en', ['Who is it for? - Step 1', 'Your message - Step 2', 'Energy gift - Step 3', 'Greeting created! - Step 4'], 'Otkrytka', 'Skip'],
  ] as const)('name each step as the spec writes it, «<title> - Шаг N», in the heading and in the tab with the app\'s name (%s)', async (language, steps, app, skip) => {
    await initI18n(language, 'all');
    document.title = app;
    serve(0);
    const view = open();
    for (const [i, step] of steps.entries()) {
      expect(await screen.findByRole('heading', { level: 1, name: step })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(`${step} — ${app}`));
      if (i < 2) click(skip);
      else if (i === 2) fireEvent.click(await screen.findByRole('button', { name: skip }));
    }
    view.unmount();
    // leaving the wizard gives the tab back
    expect(document.title).toBe(app);
  });

  it('the done step says «Поздравление создано!» once: the heading, not a second line under it', async () => {
    serve(0);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Пропустить' }));
    click('Пропустить');
    click('Пропустить');
    const heading = await screen.findByRole('heading', { name: 'Поздравление создано! - Шаг 4' });
    expect(screen.getAllByText(/Поздравление создано!/)).toEqual([heading]);
    expect(screen.getAllByRole('heading').filter((h) => h.textContent?.includes('Поздравление создано!'))).toEqual([heading]);
    // and no live region repeats it either
    for (const live of screen.queryAllByRole('status')) expect(live).not.toHaveTextContent('Поздравление создано!');
    expect(screen.getByText('Поздравление готово и ждет своего получателя!')).toBeVisible();
  });
});
