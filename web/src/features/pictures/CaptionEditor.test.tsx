import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { CaptionEditor } from './CaptionEditor';
import { type CaptionValue, newCaption } from './caption';
import SharePictureButton from './SharePictureButton';

const FONTS = ['lobster', 'marck-script', 'pt-serif', 'pt-sans', 'comfortaa', 'caveat'].map((id) => ({
  id,
  name: id,
  licence: 'SIL Open Font License 1.1',
  url: `/api/caption/fonts/${id}.ttf`,
  style: 'script',
}));

/** jsdom draws nothing: a canvas context that measures every character 0.5 em wide, and pictures that load at once. */
function stubDrawing() {
  const ctx = new Proxy({ font: '10px x' } as Record<string, unknown>, {
    get: (o, k) =>
      k in o
        ? o[k as string]
        : k === 'measureText'
          ? (s: string) => ({ width: s.length * 0.5 * Number.parseFloat(String(o.font)) })
          : () => {},
    set: (o, k, v) => ((o[k as string] = v), true),
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
  vi.stubGlobal(
    'Image',
    class {
      naturalWidth = 400;
      naturalHeight = 600;
      onload: (() => void) | null = null;
      set src(_: string) {
        queueMicrotask(() => this.onload?.());
      }
    },
  );
}

function Editor({ initial }: { initial: CaptionValue }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CaptionEditor imageUrl="/media/card.jpg" value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
const shown = () => JSON.parse(screen.getByTestId('value').textContent!) as CaptionValue;

beforeEach(() => {
  stubDrawing();
  stubApi((c) => (c.url === '/api/caption/fonts' ? { status: 200, body: { fonts: FONTS } } : undefined));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the caption editor', () => {
  it('takes at most 3 lines and 120 characters, an emoji counting as one', async () => {
    await renderInApp(<Editor initial={newCaption('lobster')} />);
    const text = screen.getByRole('textbox', { name: 'Текст подписи' });
    fireEvent.change(text, { target: { value: 'раз\nдва\nтри\nчетыре' } });
    expect(shown().text).toBe('раз\nдва\nтри');
    fireEvent.change(text, { target: { value: `${'я'.repeat(119)}👨‍👩‍👧🎉` } });
    expect(shown().text).toBe(`${'я'.repeat(119)}👨‍👩‍👧`);
    expect(screen.getByText('До 3 строк, не больше 120 знаков')).toBeInTheDocument();
  });

  it('offers every bundled font, colour, size, alignment and effect as labelled controls', async () => {
    const user = userEvent.setup();
    await renderInApp(<Editor initial={newCaption('lobster', 'Привет')} />);
    const fonts = await screen.findByRole('radiogroup', { name: 'Шрифт' });
    await waitFor(() => expect(within(fonts).getAllByRole('radio')).toHaveLength(6));
    await user.click(within(fonts).getByRole('radio', { name: 'caveat' }));
    await user.click(screen.getByRole('radio', { name: 'Цвет #ffd54a' }));
    await user.click(screen.getByRole('radio', { name: 'По правому краю' }));
    await user.click(screen.getByRole('radio', { name: 'Обводка' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Размер' }), { target: { value: '0.12' } });
    expect(shown()).toMatchObject({ font: 'caveat', color: '#ffd54a', align: 'right', effect: 'outline', size: 0.12 });
  });

  it('places the caption with the arrow keys (Shift for bigger steps) and says where it is', async () => {
    const user = userEvent.setup();
    await renderInApp(<Editor initial={newCaption('lobster', 'С праздником!')} />);
    const box = await screen.findByRole('group', { name: 'С праздником!' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toHaveAccessibleDescription('50% от левого края, 80% от верхнего Перетащите подпись пальцем или двигайте стрелками (с Shift — крупным шагом)');
    expect(box).toHaveAttribute('aria-roledescription', 'перемещаемая подпись');
    box.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowUp}');
    expect(shown()).toMatchObject({ x: 0.48, y: 0.79 });
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(shown()).toMatchObject({ x: 0.48, y: 0.69 });
    expect(screen.getByTestId('caption-position')).toHaveTextContent('48% от левого края, 69% от верхнего');
    // the card's edge holds it
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{/Shift}');
    expect(shown().x).toBe(1);
  });
});

describe('«Поделиться картинкой»', () => {
  const share = { pictureUrl: '/api/pictures/abc.jpg', linkUrl: '/greeting/Gr33t', text: 'Открытка для вас', alt: 'С праздником!' };
  const picture = () =>
    vi.fn(async (url: string) =>
      url === '/api/caption/fonts'
        ? new Response(JSON.stringify({ fonts: FONTS }), { headers: { 'content-type': 'application/json' } })
        : new Response('jpeg', { headers: { 'content-type': 'image/jpeg' } }),
    );

  it('hands the picture file to the device where it can share files', async () => {
    const send = vi.fn(async () => {});
    vi.stubGlobal('fetch', picture());
    vi.stubGlobal('navigator', { ...navigator, share: send, canShare: ({ files }: { files?: File[] }) => !!files?.length });
    await renderInApp(<SharePictureButton share={share} />);
    await userEvent.click(screen.getByRole('button', { name: 'Поделиться картинкой' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const data = (send.mock.calls[0] as unknown as [ShareData])[0];
    expect(data.files?.[0]).toBeInstanceOf(File);
    expect(data.files?.[0]?.type).toBe('image/jpeg');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('elsewhere opens the picture sheet: «Скачать», the messengers, and «Копировать картинку» only where the clipboard takes pictures', async () => {
    vi.stubGlobal('fetch', picture());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, canShare: undefined });
    await renderInApp(<SharePictureButton share={share} />);
    await userEvent.click(screen.getByRole('button', { name: 'Поделиться картинкой' }));
    const sheet = await screen.findByRole('dialog', { name: 'Картинка с подписью' });
    expect(within(sheet).getByRole('img', { name: 'С праздником!' })).toBeInTheDocument();
    await waitFor(() => expect(within(sheet).getByRole('button', { name: 'Скачать' })).toBeEnabled());
    const links = ['WhatsApp', 'Telegram', 'ВКонтакте', 'Одноклассники', 'Viber'].map((name) => within(sheet).getByRole('link', { name }));
    expect(links.map((l) => new URL(l.getAttribute('href')!).protocol)).toEqual(['https:', 'https:', 'https:', 'https:', 'viber:']);
    expect(links[3]!.getAttribute('href')).toContain(encodeURIComponent(`${window.location.origin}/greeting/Gr33t`));
    // jsdom has no ClipboardItem
    expect(within(sheet).queryByRole('button', { name: 'Копировать картинку' })).toBeNull();
  });
});
