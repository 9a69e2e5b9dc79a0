import type { Category, GroupedCategories, Postcard, Upload } from '@otkrytka/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi, stubSignedInApi } from '@/app/test-utils';
import { PendingUpload, uploadOf } from '../uploads/testing';
import { AddPostcardDialog } from './AddPostcardDialog';

const noCategories: GroupedCategories = { groups: [], categories_without_group: [] };

const uploaded = uploadOf();

afterEach(() => vi.unstubAllGlobals());

describe('add-postcard dialog', () => {
  it('"Далее" says "Сначала загрузите файл открытки" without a file', async () => {
    stubApi((c) => ({ status: 200, body: c.url.startsWith('/api/categories/grouped') ? noCategories : [] }));
    await renderInApp(<AddPostcardDialog open onClose={() => {}} channelId={3} />);
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Сначала загрузите файл открытки');
    // the picker states the media specs of the original app
    expect(screen.getByText('Картинки — от 600×600, лучше 1080×1920; GIF — от 300×300; видео — лучше 1080×1920, не длиннее 60 с')).toBeInTheDocument();
  });

  it('with a file uploaded, Escape asks before closing, and names where the file stays; without one it just closes', async () => {
    stubApi((c) => ({ status: 200, body: c.url.startsWith('/api/categories/grouped') ? noCategories : [] }));
    const onClose = vi.fn();
    const { unmount } = await renderInApp(<AddPostcardDialog open onClose={onClose} channelId={3} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();

    onClose.mockClear();
    vi.stubGlobal('XMLHttpRequest', PendingUpload);
    PendingUpload.last = null;
    await renderInApp(<AddPostcardDialog open onClose={onClose} channelId={3} />);
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [new File(['abc'], 'spring.jpg', { type: 'image/jpeg' })] } });
    await vi.waitFor(() => expect(PendingUpload.last).not.toBeNull());
    act(() => PendingUpload.last!.finish(201, uploaded));
    expect(await screen.findByText('Файл загружен')).toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape' });
    const ask = screen.getByRole('alertdialog', { name: 'Закрыть, не добавив открытку?' });
    expect(ask).toHaveAccessibleDescription('Загруженный файл останется в «Мои загрузки».');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole('button', { name: 'Продолжить' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Escape asks; Escape again answers «Продолжить»
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('Файл загружен')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('"Далее" is disabled while the file uploads and works once it is there', async () => {
    stubApi((c) => ({ status: 200, body: c.url.startsWith('/api/categories/grouped') ? noCategories : [] }));
    vi.stubGlobal('XMLHttpRequest', PendingUpload);
    await renderInApp(<AddPostcardDialog open onClose={() => {}} channelId={3} />);
    const file = new File(['abc'], 'spring.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file] } });
    await vi.waitFor(() => expect(PendingUpload.last).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Далее' })).toBeDisabled();
    expect(screen.queryByText('Сначала загрузите файл открытки')).toBeNull();

    act(() => PendingUpload.last!.finish(201, uploaded));
    expect(await screen.findByText('Файл загружен')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Далее' });
    await vi.waitFor(() => expect(next).toBeEnabled()); // the picker reports "not busy" after it shows the file
    fireEvent.click(next);
    expect(await screen.findByRole('textbox', { name: /Описание/ })).toBeInTheDocument();
    // no categories of one's own yet: the step says where they are made
    expect(screen.getByText('Своих категорий пока нет: их создают в разделе «Категории» меню.')).toBeVisible();
  });

  it('offers the latest uploads again: one picked becomes the postcard without a second upload', async () => {
    const older: Upload = { ...uploaded, id: 4, file_name: 'winter.jpg', cloud_url: '/media/u/winter.jpg', thumbnail_url: '/media/u/winter.thumb.webp' };
    const calls = stubSignedInApi((c) =>
      c.url.startsWith('/api/categories/grouped')
        ? { status: 200, body: noCategories }
        : c.url.startsWith('/api/uploads')
          ? { status: 200, body: [uploaded, older] }
          : c.method === 'POST' && c.url === '/api/image_relations'
            ? { status: 201, body: { id: 77, collection_id: 3 } as Postcard }
            : undefined,
    );
    const xhr = vi.fn();
    vi.stubGlobal('XMLHttpRequest', xhr);
    await renderInApp(<AddPostcardDialog open onClose={() => {}} channelId={3} />);
    const offered = await screen.findByRole('region', { name: 'Или выберите из ваших загрузок' });
    const picks = within(offered).getAllByRole('button');
    expect(picks.map((b) => b.getAttribute('aria-label'))).toEqual(['Выбрать «spring.jpg»', 'Выбрать «winter.jpg»']);
    fireEvent.click(picks[1]!);
    expect(await screen.findByText('Файл загружен')).toBeInTheDocument();
    expect(screen.getByText('winter.jpg')).toBeInTheDocument();
    // the chosen file is shown alone: the list of others goes with the picker
    expect(screen.queryByRole('region', { name: 'Или выберите из ваших загрузок' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Описание/ }), { target: { value: 'Зимняя открытка для друзей' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ upload_id: 4, url: '/media/u/winter.jpg', collection_id: 3 });
    expect(xhr).not.toHaveBeenCalled();
  });

  it('«Сначала загрузите файл открытки» goes once the file is there', async () => {
    stubApi((c) => ({ status: 200, body: c.url.startsWith('/api/categories/grouped') ? noCategories : [] }));
    vi.stubGlobal('XMLHttpRequest', PendingUpload);
    await renderInApp(<AddPostcardDialog open onClose={() => {}} channelId={3} />);
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Сначала загрузите файл открытки');
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [new File(['abc'], 'spring.jpg', { type: 'image/jpeg' })] } });
    await vi.waitFor(() => expect(PendingUpload.last).not.toBeNull());
    act(() => PendingUpload.last!.finish(201, uploaded));
    expect(await screen.findByText('Файл загружен')).toBeInTheDocument();
    expect(screen.queryByText('Сначала загрузите файл открытки')).toBeNull();
  });

  it('lists the channel owner’s categories under their groups, without the hint, once there are some', async () => {
    const category = (id: number, name: string, group_id: number | null): Category => ({ id, name, name_en: null, group_id, position: id, user_id: 1, created_at: '2026-03-01T00:00:00.000Z' });
    const group = (id: number, name: string, categories: Category[]): GroupedCategories['groups'][number] => ({ id, name, name_en: null, description: null, position: id, user_id: 1, created_at: '2026-03-01T00:00:00.000Z', categories });
    const grouped: GroupedCategories = {
      groups: [group(1, 'Праздники', [category(8, 'Новый год', 1)]), group(2, 'Семья', [category(9, 'Новый год', 2)])],
      categories_without_group: [category(10, 'Весна', null)],
    };
    stubApi((c) => (c.url.startsWith('/api/categories/grouped') ? { status: 200, body: grouped } : { status: 200, body: [] }));
    vi.stubGlobal('XMLHttpRequest', PendingUpload);
    PendingUpload.last = null;
    await renderInApp(<AddPostcardDialog open onClose={() => {}} channelId={3} />);
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [new File(['abc'], 'spring.jpg', { type: 'image/jpeg' })] } });
    await vi.waitFor(() => expect(PendingUpload.last).not.toBeNull());
    act(() => PendingUpload.last!.finish(201, uploaded));
    const next = screen.getByRole('button', { name: 'Далее' });
    await vi.waitFor(() => expect(next).toBeEnabled());
    fireEvent.click(next);
    expect(await screen.findByRole('option', { name: 'Весна' })).toBeInTheDocument();
    // two of the same name are told apart by their group
    const groups = screen.getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['Праздники', 'Семья', 'Без группы']);
    expect(within(groups[0]!).getByRole('option', { name: 'Новый год' })).toHaveValue('8');
    expect(within(groups[1]!).getByRole('option', { name: 'Новый год' })).toHaveValue('9');
    expect(within(groups[2]!).getByRole('option', { name: 'Весна' })).toHaveValue('10');
    expect(screen.queryByText(/Своих категорий пока нет/)).toBeNull();
  });
});

describe('a picked picture below the stated minimum size', () => {
  /** The browser reads the picked picture as `width`×`height`. */
  const pictureOf = (width: number, height: number) => vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width, height, close() {} })));
  const pick = (name: string, type: string) => fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [new File(['abc'], name, { type })] } });

  it('is warned about next to the file while it uploads and once it is there, and still uploads', async () => {
    stubApi((c) => ({ status: 200, body: c.url.startsWith('/api/categories/grouped') ? noCategories : [] }));
    vi.stubGlobal('XMLHttpRequest', PendingUpload);
    PendingUpload.last = null;
    pictureOf(400, 300);
    await renderInApp(<AddPostcardDialog open onClose={() => {}} channelId={3} />);
    pick('small.jpg', 'image/jpeg');
    const warning = 'Картинка меньше 600×600 (400×300) — на большом экране она будет нечёткой';
    expect(await screen.findByText(warning)).toBeVisible();
    // a warning, not a refusal: the file goes on uploading
    await vi.waitFor(() => expect(PendingUpload.last).not.toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => PendingUpload.last!.finish(201, { ...uploaded, file_name: 'small.jpg', width: 400, height: 300 }));
    expect(await screen.findByText('Файл загружен')).toBeInTheDocument();
    expect(screen.getByText(warning)).toBeVisible();
    const next = screen.getByRole('button', { name: 'Далее' });
    await vi.waitFor(() => expect(next).toBeEnabled());
  });

  it('a GIF is held to 300×300, not to 600×600; a picture large enough gets no warning', async () => {
    stubApi((c) => ({ status: 200, body: c.url.startsWith('/api/categories/grouped') ? noCategories : [] }));
    vi.stubGlobal('XMLHttpRequest', PendingUpload);
    PendingUpload.last = null;
    pictureOf(200, 250);
    const view = await renderInApp(<AddPostcardDialog open onClose={() => {}} channelId={3} />);
    pick('tiny.gif', 'image/gif');
    expect(await screen.findByText('GIF меньше 300×300 (200×250) — на большом экране он будет нечётким')).toBeVisible();
    view.unmount();

    PendingUpload.last = null;
    pictureOf(500, 500);
    await renderInApp(<AddPostcardDialog open onClose={() => {}} channelId={3} />);
    pick('fine.gif', 'image/gif');
    await vi.waitFor(() => expect(PendingUpload.last).not.toBeNull());
    act(() => PendingUpload.last!.finish(201, { ...uploaded, file_name: 'fine.gif', media_kind: 'gif', cloud_url: '/media/u/fine.gif', width: 500, height: 500 }));
    expect(await screen.findByText('Файл загружен')).toBeInTheDocument();
    expect(screen.queryByTestId('size-warning')).toBeNull();
  });
});
