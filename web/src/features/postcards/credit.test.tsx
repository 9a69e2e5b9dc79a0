import type { Category, GroupedCategories, ModerationCard } from '@otkrytka/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { AddPostcardDialog } from '../channels/AddPostcardDialog';
import { ModerationCardTile } from '../moderation/components/ModerationCardTile';
import { ModerationFacts } from '../moderation/components/RandomModeration';
import { InfoModal } from '../viewer/components/InfoModal';
import { EditPostcardDialog } from './EditPostcardDialog';
import { postcardFixture } from './test/fixtures';

const noCategories: GroupedCategories = { groups: [], categories_without_group: [] };

const postcard = postcardFixture({
  id: 7,
  title: 'Весна',
  description: 'С первым днём весны!',
  file_name: 'spring.jpg',
  image_url: '/media/a.jpg',
  imageUrl: '/media/a.jpg',
  width: 10,
  height: 10,
  likes_count: 4,
  stats: { views: 12, reposts: 2, bookmarks: 1 },
  username: 'uploader_anna',
  author: 'Мария Художница',
  source: 'pinterest.com',
  source_url: 'https://www.pinterest.com/pin/1/',
});

afterEach(() => vi.unstubAllGlobals());

/** Walks the wizard to step 2 with an upload already made. */
async function toStep2() {
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload = { onprogress: null };
      status = 201;
      responseText = JSON.stringify({ id: 5, file_name: 'spring.jpg', cloud_url: '/media/u/spring.jpg', hash: 'x', mime: 'image/jpeg', media_kind: 'image', size_bytes: 3, width: 10, height: 10, duration_ms: null, preview_78x101_url: null, thumbnail_url: null, uploaded_at: '2026-03-10T10:00:00.000Z' });
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      abort() {}
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
    },
  );
  fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [new File(['abc'], 'spring.jpg', { type: 'image/jpeg' })] } });
  await screen.findByText('Файл загружен');
  const next = screen.getByRole('button', { name: 'Далее' });
  await vi.waitFor(() => expect(next).toBeEnabled());
  fireEvent.click(next);
  fireEvent.change(await screen.findByRole('textbox', { name: /Описание/ }), { target: { value: 'С первым днём весны!' } });
}

describe('author and source in the add-postcard wizard', () => {
  it('step 2 asks for the author and the link to the original and sends them', async () => {
    const calls = stubApi((c) => (c.method === 'POST' ? { status: 201, body: postcard } : { status: 200, body: c.url.startsWith('/api/categories/grouped') ? noCategories : [] }));
    await renderInApp(<AddPostcardDialog open onClose={() => {}} channelId={3} />);
    await toStep2();
    fireEvent.change(screen.getByRole('textbox', { name: /Автор работы/ }), { target: { value: ' Мария ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Ссылка на оригинал/ }), { target: { value: 'https://example.com/original' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ author_name: 'Мария', source_url: 'https://example.com/original' });
  });

  it('refuses a link that is not http or https before sending, naming the field', async () => {
    const calls = stubApi((c) => ({ status: 200, body: c.url.startsWith('/api/categories/grouped') ? noCategories : [] }));
    await renderInApp(<AddPostcardDialog open onClose={() => {}} channelId={3} />);
    await toStep2();
    fireEvent.change(screen.getByRole('textbox', { name: /Ссылка на оригинал/ }), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Ссылка на оригинал должна начинаться с http:// или https://')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('editing a postcard', () => {
  it('prefills author, link and description and sends the changes', async () => {
    const calls = stubApi((c) => (c.method === 'PATCH' ? { status: 200, body: { ...postcard, author: 'Иван' } } : undefined));
    const onClose = vi.fn();
    await renderInApp(<EditPostcardDialog postcard={postcard} open onClose={onClose} />);
    const author = screen.getByRole('textbox', { name: /Автор работы/ });
    expect(author).toHaveValue('Мария Художница');
    expect(screen.getByRole('textbox', { name: /Ссылка на оригинал/ })).toHaveValue('https://www.pinterest.com/pin/1/');
    fireEvent.change(author, { target: { value: 'Иван' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Ссылка на оригинал/ }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toContain('/api/image_relations/7');
    expect(patch.body).toEqual({ category_id: null, description: 'С первым днём весны!', author_name: 'Иван', source_url: null });
  });

  it('moves the postcard to another of the owner\'s categories (a category in use cannot be deleted otherwise)', async () => {
    const categories: Category[] = [
      { id: 3, name: 'Весна', name_en: null, group_id: null, position: 0, user_id: 1, created_at: '2026-03-01T00:00:00.000Z' },
      { id: 4, name: 'Лето', name_en: 'Summer', group_id: null, position: 1, user_id: 1, created_at: '2026-03-01T00:00:00.000Z' },
    ];
    const calls = stubApi((c) =>
      c.method === 'PATCH' ? { status: 200, body: { ...postcard, category_id: 4 } } : c.url.startsWith('/api/categories/grouped') ? { status: 200, body: { groups: [], categories_without_group: categories } satisfies GroupedCategories } : undefined,
    );
    const onClose = vi.fn();
    await renderInApp(<EditPostcardDialog postcard={{ ...postcard, category_id: 3 }} open onClose={onClose} />);
    const category = screen.getByRole('combobox', { name: 'Категория' });
    await screen.findByRole('option', { name: 'Лето' });
    expect(category).toHaveValue('3');
    fireEvent.change(category, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ category_id: 4 });
  });
});

describe('the info modal', () => {
  const links = { profile_url: 'https://www.pinterest.com/maria/', pinterest_url: 'https://www.pinterest.com/maria/', tiktok_url: null, instagram_url: null };

  it('credits the author with her links, links the original, and names the uploader apart, with views and likes', async () => {
    stubApi((c) =>
      c.url.includes('/api/authors/by-relation/7')
        ? { status: 200, body: { success: true, author: { name: 'Мария Художница', source_site: 'pinterest.com', ...links }, message: null } }
        : undefined,
    );
    await renderInApp(<InfoModal card={postcard} views={1234} likes={5} viaSandbox={false} open onClose={() => {}} />);
    const author = await screen.findByTestId('info-author');
    await vi.waitFor(() => expect(author).toHaveTextContent('Мария Художница'));
    expect(within(author).getByRole('link', { name: 'Pinterest' })).toHaveAttribute('href', 'https://www.pinterest.com/maria/');
    expect(author).not.toHaveTextContent('uploader_anna');
    expect(within(screen.getByTestId('info-source')).getByRole('link', { name: 'pinterest.com' })).toHaveAttribute('href', 'https://www.pinterest.com/pin/1/');
    expect(screen.getByText('Добавил(а)')).toBeInTheDocument();
    expect(screen.getByTestId('info-uploader')).toHaveTextContent('uploader_anna');
    expect(screen.getByTestId('info-views')).toHaveTextContent('1,2К');
    expect(screen.getByTestId('info-likes')).toHaveTextContent('5');
  });

  it('says «Не указан» for the author when none was given, never the uploader', async () => {
    stubApi(() => ({ status: 200, body: { success: false, author: null, message: 'No author recorded for this postcard' } }));
    await renderInApp(<InfoModal card={{ ...postcard, author: null, source: null, source_url: null }} views={0} likes={0} viaSandbox={false} open onClose={() => {}} />);
    const author = await screen.findByTestId('info-author');
    await vi.waitFor(() => expect(author).toHaveTextContent('Не указан'));
    expect(author).not.toHaveTextContent('uploader_anna');
    expect(screen.getByTestId('info-uploader')).toHaveTextContent('uploader_anna');
  });
});

describe('the moderator card', () => {
  const card: ModerationCard = { ...postcard, is_approved: false, reports_count: 0, credited_author: 'Мария Художница' };

  it('shows the credited author and, apart, who added it', async () => {
    stubApi(() => undefined);
    await renderInApp(<ModerationCardTile card={card} />);
    expect(screen.getByTestId('moderation-card-author')).toHaveTextContent('Автор: Мария Художница');
    expect(screen.getByTestId('moderation-card-uploader')).toHaveTextContent('Добавил(а): uploader_anna');
  });

  it('without an author, shows who added it, labelled as such, not «Неизвестен»', async () => {
    stubApi(() => undefined);
    await renderInApp(<ModerationCardTile card={{ ...card, credited_author: null }} />);
    expect(screen.getByTestId('moderation-card-uploader')).toHaveTextContent('Добавил(а): uploader_anna');
    expect(screen.queryByTestId('moderation-card-author')).toBeNull();
  });

  it('with neither, says «Автор: Неизвестен»', async () => {
    stubApi(() => undefined);
    await renderInApp(<ModerationCardTile card={{ ...card, credited_author: null, username: null }} />);
    expect(screen.getByTestId('moderation-card-author')).toHaveTextContent('Автор: Неизвестен');
  });

  it('beside the postcard under moderation, too: no «Автор: Неизвестен» when it is known who added it', async () => {
    stubApi(() => undefined);
    const view = await renderInApp(
      <dl>
        <ModerationFacts card={{ ...card, credited_author: null }} />
      </dl>,
    );
    expect(screen.queryByTestId('moderation-facts-author')).toBeNull();
    expect(screen.queryByText('Неизвестен')).toBeNull();
    expect(screen.getByText('uploader_anna')).toBeInTheDocument();
    view.unmount();
    await renderInApp(
      <dl>
        <ModerationFacts card={card} />
      </dl>,
    );
    expect(screen.getByTestId('moderation-facts-author')).toHaveTextContent('Мария Художница');
  });
});
