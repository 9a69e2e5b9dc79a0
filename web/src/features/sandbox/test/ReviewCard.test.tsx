import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/app/test-utils';
import { postcardFixture } from '@/features/postcards/test/fixtures';
import { ReviewCard } from '../components/ReviewCard';

describe('a postcard under review (sandbox, moderator) shows its title, never the uploaded file’s name', () => {
  it('a titled postcard: the title heads its details and names its picture', async () => {
    await renderInApp(<ReviewCard postcard={postcardFixture({ id: 7, title: 'Весенний привет', file_name: 'привет.jpg', description: 'Для мамы' })} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Весенний привет' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Весенний привет' })).toBeInTheDocument();
    expect(screen.getByTestId('review-card')).not.toHaveTextContent(/привет\.jpg|Файл/i);
  });

  it('an untitled one: no heading and no file name; its picture is «Открытка»', async () => {
    await renderInApp(<ReviewCard postcard={postcardFixture({ id: 8, title: null, file_name: 'IMG_2041.jpg' })} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('img', { name: 'Открытка' })).toBeInTheDocument();
    expect(screen.getByTestId('review-card')).not.toHaveTextContent(/IMG_2041|Файл/i);
  });
});
