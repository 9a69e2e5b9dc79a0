import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeader, openSignedIn, registerViaApi } from '../helpers';

/**
 * A date's life, in Russian and in English: the user keeps their mum's birthday on /dates with a
 * reminder the day before at a time a few minutes ahead; the server's clock reaches the reminder;
 * its notification's «Поздравить» opens the gallery picking a postcard for Mum; the chosen
 * postcard's wizard comes with her name and opens the greeting on her birthday at 09:00; the
 * greeting is sent so.
 */
const PHONE = { width: 390, height: 844 };
const ZONE = 'Europe/Moscow';

const TEXTS = {
  ru: {
    name: 'Мама',
    add: 'Добавить дату',
    form: 'Новая дата',
    save: 'Добавить дату',
    nameField: 'Имя',
    day: 'День',
    month: 'Месяц',
    time: 'Во сколько',
    reminder: 'Напоминание: Мама',
    greet: 'Поздравить',
    pick: 'Выберите открытку',
    to: 'Кому: Мама',
    recipient: 'Имя получателя',
    next: 'Далее',
    schedule: 'Открыть в день праздника',
    moment: 'Дата и время открытия',
    create: 'Создать поздравление',
    done: 'Поздравление создано! - Шаг 4',
    opensNote: /^Откроется \d{1,2} [а-я]+( \d{4})? в 09:00/,
    opens: /^Откроется \d{1,2} [а-я]+( \d{4})? в 09:00$/,
  },
  en: {
    name: 'Mum',
    add: 'Add a date',
    form: 'New date',
    save: 'Add the date',
    nameField: 'Name',
    day: 'Day',
    month: 'Month',
    time: 'At',
    reminder: 'Reminder: Mum',
    greet: 'Send a greeting',
    pick: 'Choose a postcard',
    to: 'To: Mum',
    recipient: "Recipient's name",
    next: 'Next',
    schedule: 'Open on the day of the celebration',
    moment: 'Opening date and time',
    create: 'Create greeting',
    done: 'Greeting created! - Step 4',
    opensNote: /^Opens \d{1,2} [A-Z][a-z]+( \d{4})? at 09:00/,
    opens: /^Opens \d{1,2} [A-Z][a-z]+( \d{4})? at 09:00$/,
  },
} as const;

/** The e2e server's clock (specs move it forward): the pages run on it too. */
async function serverNow(request: APIRequestContext): Promise<number> {
  const res = await request.post('/api/test-hooks/clock/advance', { data: { ms: 0 } });
  expect(res.status(), await res.text()).toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}

/** A moment's day, month and "HH:MM" in `ZONE`. */
function inZone(at: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), time: `${parts.hour}:${parts.minute}` };
}

/** The day after a day (`YYYY-MM-DD` written in `ZONE`). */
function nextDay(d: { year: number; month: number; day: number }) {
  const n = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return { year: n.getUTCFullYear(), month: n.getUTCMonth() + 1, day: n.getUTCDate() };
}
const iso = (d: { year: number; month: number; day: number }) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

async function keepMumsBirthday(page: Page, t: (typeof TEXTS)['ru' | 'en'], birthday: { month: number; day: number }, time: string) {
  await page.getByRole('button', { name: t.add }).first().click();
  const form = page.getByRole('dialog', { name: t.form });
  await form.getByRole('textbox', { name: t.nameField }).fill(t.name);
  await form.getByRole('combobox', { name: t.month }).selectOption(String(birthday.month));
  await form.getByRole('combobox', { name: t.day }).selectOption(String(birthday.day));
  // the reminder the day before is there by default; at a time a few minutes ahead
  await form.getByLabel(t.time).fill(time);
  await form.getByRole('button', { name: t.save }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('date-item').filter({ hasText: t.name })).toBeVisible();
}

for (const lang of ['ru', 'en'] as const) {
  test(`a date's reminder leads to a greeting with the name and the day filled in (${lang})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const t = TEXTS[lang];
    const me = await registerViaApi(request, { username: lang === 'ru' ? 'Аня' : 'Ann' });
    if (lang === 'en') expect((await request.post('/api/settings/batch', { headers: authHeader(me.token), data: { settings: { language: 'en' } } })).ok()).toBe(true);

    // the reminder's moment: the next whole minute at least two minutes ahead of the server's clock,
    // the day before the birthday (the default reminder) — so the birthday is the day after it
    const now = await serverNow(request);
    const remindAt = Math.ceil((now + 2 * 60_000) / 60_000) * 60_000;
    const moment = inZone(remindAt);
    const birthday = nextDay(moment);

    const context = await browser.newContext({ viewport: PHONE, locale: lang === 'ru' ? 'ru-RU' : 'en-GB', timezoneId: ZONE });
    const page = await context.newPage();
    await page.clock.install({ time: now });
    await openSignedIn(page, me.token, '/dates');
    await keepMumsBirthday(page, t, birthday, moment.time);
    const kept = (await (await request.get('/api/dates', { headers: authHeader(me.token) })).json()) as { dates: { id: number; time_zone: string; remind_days_before: number[] }[] };
    expect(kept.dates).toHaveLength(1);
    expect(kept.dates[0]).toMatchObject({ time_zone: ZONE, remind_days_before: [1] });

    // the server's clock reaches the reminder: its notification comes
    const left = remindAt - (await serverNow(request));
    expect((await request.post('/api/test-hooks/clock/advance', { data: { ms: Math.max(0, left) + 30_000 } })).ok()).toBe(true);
    await expect
      .poll(async () => {
        const res = await request.get('/api/notifications', { headers: authHeader(me.token) });
        return JSON.stringify(await res.json());
      })
      .toContain('date_reminder');

    // its «Поздравить» opens the gallery, picking a postcard for Mum
    await page.clock.setSystemTime(await serverNow(request));
    await page.goto('/game-data?tab=notifications');
    const note = page.getByTestId('notification').filter({ hasText: t.reminder });
    await expect(note).toBeVisible();
    await note.getByRole('button', { name: t.greet, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/gallery\\?to=${encodeURIComponent(t.name)}&opens=${iso(birthday)}&date=${kept.dates[0]!.id}$`));
    const banner = page.getByTestId('picking-banner');
    await expect(banner).toContainText(t.pick);
    await expect(banner).toContainText(t.to);

    // a postcard is chosen: its wizard knows whom it is for and when it opens
    await page.locator('[data-postcard-id] a').first().click();
    await page.getByTestId('create-button').click();
    await expect(page.getByRole('textbox', { name: t.recipient })).toHaveValue(t.name);
    await expect(page.getByTestId('wizard-opens-note')).toHaveText(t.opensNote);
    await page.getByRole('button', { name: t.next }).click();
    await page.getByRole('button', { name: t.next }).click();
    await expect(page.getByRole('switch', { name: t.schedule })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel(t.moment)).toHaveValue(`${iso(birthday)}T09:00`);
    await page.getByRole('button', { name: t.create }).click();
    await expect(page.getByRole('heading', { name: t.done })).toBeVisible();
    await expect(page.getByText(t.opens)).toBeVisible();

    // sent with her name, opening on her birthday at 09:00 in the sender's zone
    const created = (await (await request.get('/api/greetings/created', { headers: authHeader(me.token) })).json()) as {
      items: { to_whom: string; opens_at: string | null; opens_tz: string | null }[];
    };
    expect(created.items[0]).toMatchObject({ to_whom: t.name, opens_tz: ZONE });
    expect(inZone(Date.parse(created.items[0]!.opens_at!))).toEqual({ ...birthday, time: '09:00' });
    await context.close();
  });
}
