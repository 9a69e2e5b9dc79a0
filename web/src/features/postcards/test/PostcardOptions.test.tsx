import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/app/test-utils';
import { PostcardOptions } from '../PostcardOptions';
import { postcardFixture } from './fixtures';

describe('the options menu of a postcard tile', () => {
  it('is named by its postcard, so a grid of them is not one name repeated', async () => {
    await renderInApp(
      <>
        <PostcardOptions postcard={postcardFixture({ id: 1, title: 'С днём рождения' })} viewTo="/bookmarks/1" />
        <PostcardOptions postcard={postcardFixture({ id: 2, title: 'Весна' })} viewTo="/bookmarks/2" />
        <PostcardOptions postcard={postcardFixture({ id: 3, title: null })} viewTo="/bookmarks/3" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Действия с открыткой «С днём рождения»' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Действия с открыткой «Весна»' })).toBeInTheDocument();
    // no title: the plain name
    expect(screen.getByRole('button', { name: 'Действия с открыткой' })).toBeInTheDocument();
  });

  it('in English too', async () => {
    await renderInApp(<PostcardOptions postcard={postcardFixture({ id: 1, title: 'Spring' })} viewTo="/bookmarks/1" />, { language: 'en' });
    expect(screen.getByRole('button', { name: 'Actions for the postcard “Spring”' })).toBeInTheDocument();
  });
});
