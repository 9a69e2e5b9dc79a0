import type { Postcard } from '@otkrytka/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/app/test-utils';
import { PostcardTile } from './PostcardTile';

const tile = (over: Partial<Postcard>) =>
  ({
    id: 5,
    title: null,
    description: null,
    image_url: '/media/a.jpg',
    thumbnail_url: '/media/a-thumb.webp',
    preview_78x101_url: null,
    is_approved: true,
    is_banned: false,
    media_kind: 'image',
    ...over,
  }) satisfies Pick<Postcard, 'id' | 'title' | 'description' | 'image_url' | 'thumbnail_url' | 'preview_78x101_url' | 'is_approved' | 'is_banned' | 'media_kind'>;

describe('a postcard tile', () => {
  it('is a link named by its title, else its description', async () => {
    const view = await renderInApp(<PostcardTile postcard={tile({ title: 'С днём рождения!' })} to="/mychannels/9/5" />);
    expect(screen.getByRole('link', { name: 'С днём рождения!' })).toHaveAttribute('href', '/mychannels/9/5');
    view.unmount();
    await renderInApp(<PostcardTile postcard={tile({ description: 'Тюльпаны' })} to="/mychannels/9/5" />);
    expect(screen.getByRole('link', { name: 'Тюльпаны' })).toBeInTheDocument();
  });

  it('without either (an upload has no title) still says what it is, in the reader’s language', async () => {
    const view = await renderInApp(<PostcardTile postcard={tile({})} to="/mychannels/9/5" />);
    expect(screen.getByRole('link', { name: 'Открытка без названия' })).toBeInTheDocument();
    view.unmount();
    await renderInApp(<PostcardTile postcard={tile({})} to="/mychannels/9/5" />, { language: 'en' });
    expect(screen.getByRole('link', { name: 'Untitled postcard' })).toBeInTheDocument();
  });
});
