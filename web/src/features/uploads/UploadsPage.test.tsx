import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubSignedInApi } from '@/app/test-utils';
import UploadsPage from './pages/UploadsPage';
import { PendingUpload, uploadOf } from './testing';

const uploaded = uploadOf({ id: 8, file_name: 'small.jpg', cloud_url: '/media/u/small.jpg', size_bytes: 2048, width: 400, height: 300 });

/** jsdom makes no object URLs: the previews get numbered ones, and the revoked ones are noted. */
const revoked: string[] = [];
beforeEach(() => {
  let n = 0;
  revoked.length = 0;
  Object.assign(URL, { createObjectURL: () => `blob:preview-${++n}`, revokeObjectURL: (u: string) => revoked.push(u) });
  PendingUpload.sent = [];
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The browser reads a picked picture as `width`×`height`. */
const pictureOf = (width: number, height: number) => vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width, height, close() {} })));
const pick = (dialog: HTMLElement, name: string, bytes: number, type: string) =>
  fireEvent.change(within(dialog).getByTestId('upload-input'), { target: { files: [new File([new Uint8Array(bytes)], name, { type })] } });

describe('the upload dialog of «Мои загрузки»', () => {
  it('shows the picked file (name, size, preview) and uploads it only on «Загрузить»; another file can be chosen first', async () => {
    stubSignedInApi((c) => (c.url.startsWith('/api/uploads') ? { status: 200, body: [] } : undefined));
    vi.stubGlobal('XMLHttpRequest', PendingUpload);
    await renderInApp(<UploadsPage />, { route: '/my-uploads' });
    fireEvent.click(await screen.findByRole('button', { name: 'Загрузить' }));
    const dialog = screen.getByRole('dialog', { name: 'Загрузка файла' });

    pictureOf(1080, 1920);
    pick(dialog, 'весна.png', 2048, 'image/png');
    const file = within(dialog).getByTestId('picked-file');
    expect(file).toHaveTextContent('весна.png');
    expect(await within(file).findByText('2 КБ · 1080×1920')).toBeInTheDocument();
    expect(within(file).getByTestId('picked-preview')).toHaveAttribute('src', 'blob:preview-1');
    expect(within(dialog).queryByTestId('size-warning')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Загрузить' })).toHaveFocus();
    // nothing is sent, and the dialog stays, until «Загрузить»
    expect(PendingUpload.sent).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Загрузка файла' })).toBeInTheDocument();

    // the user changes their mind: another file, smaller than the stated minimum — warned, not refused
    fireEvent.click(within(file).getByRole('button', { name: 'Выбрать другой файл' }));
    pictureOf(400, 300);
    pick(dialog, 'small.jpg', 3 * 1024 * 1024 + 200 * 1024, 'image/jpeg');
    expect(within(dialog).getByTestId('picked-file')).toHaveTextContent('small.jpg');
    expect(await within(dialog).findByText('Картинка меньше 600×600 (400×300) — на большом экране она будет нечёткой')).toBeVisible();
    expect(within(dialog).getByText('3,2 МБ · 400×300')).toBeInTheDocument();
    expect(revoked).toEqual(['blob:preview-1']);
    expect(PendingUpload.sent).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
    await vi.waitFor(() => expect(PendingUpload.sent).toHaveLength(1));
    act(() => PendingUpload.sent[0]!.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 }));
    expect(within(dialog).getByRole('progressbar', { name: 'Ход загрузки' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(dialog).getByRole('button', { name: 'Выбрать другой файл' })).toBeDisabled();
    act(() => PendingUpload.sent[0]!.finish(201, uploaded));
    expect(await screen.findByText('Файл загружен')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed upload says why and keeps the file, so «Загрузить» can try again', async () => {
    stubSignedInApi((c) => (c.url.startsWith('/api/uploads') ? { status: 200, body: [] } : undefined));
    vi.stubGlobal('XMLHttpRequest', PendingUpload);
    await renderInApp(<UploadsPage />, { route: '/my-uploads' });
    fireEvent.click(await screen.findByRole('button', { name: 'Загрузить' }));
    const dialog = screen.getByRole('dialog', { name: 'Загрузка файла' });
    pick(dialog, 'small.jpg', 2048, 'image/jpeg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
    await vi.waitFor(() => expect(PendingUpload.sent).toHaveLength(1));
    act(() => PendingUpload.sent[0]!.finish(503, { detail: 'down', code: 'INTERNAL_ERROR' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Сервер временно недоступен, попробуйте позже');
    expect(within(dialog).getByTestId('picked-file')).toHaveTextContent('small.jpg');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
    await vi.waitFor(() => expect(PendingUpload.sent).toHaveLength(2));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    act(() => PendingUpload.sent[1]!.finish(201, uploaded));
    expect(await screen.findByText('Файл загружен')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a file of a type not allowed is refused at once, with nothing to upload', async () => {
    stubSignedInApi((c) => (c.url.startsWith('/api/uploads') ? { status: 200, body: [] } : undefined));
    vi.stubGlobal('XMLHttpRequest', PendingUpload);
    await renderInApp(<UploadsPage />, { route: '/my-uploads' });
    fireEvent.click(await screen.findByRole('button', { name: 'Загрузить' }));
    const dialog = screen.getByRole('dialog', { name: 'Загрузка файла' });
    pick(dialog, 'notes.txt', 10, 'text/plain');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Неподдерживаемый тип файла. Разрешены: jpg, png, webp, gif, mp4');
    expect(within(dialog).queryByTestId('picked-file')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Загрузить' })).toBeNull();
    expect(PendingUpload.sent).toHaveLength(0);
  });
});
