import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/app/test-utils';
import { postcardFixture } from '@/features/postcards/test/fixtures';
import { ViewerHeader } from '@/features/viewer/components/ViewerHeader';
import type { ViewerChannel } from '@/features/viewer/types';

const gallery: ViewerChannel = { id: 9, name: 'Галерея', description: 'Публичная галерея открыток', subscribers_count: 1, postcards_count: 47 };
const mine: ViewerChannel = { id: 77, name: 'Мои открытки', description: 'Открытки для мамы', subscribers_count: 0, postcards_count: 3 };
const card = postcardFixture({ id: 5, title: 'Winter' });

async function header(channel: ViewerChannel, language: 'ru' | 'en') {
  await renderInApp(<ViewerHeader mode="channel" channel={channel} card={card} onBack={() => {}} />, { language });
  const box = screen.getByTestId('viewer-header');
  return { title: box.querySelector('h1, h2')?.textContent, description: box.querySelector('p')?.textContent };
}

describe('channel names as shown', () => {
  it("the public gallery is the app's own channel: in English its name and description are English", async () => {
    expect(await header(gallery, 'en')).toEqual({ title: 'Gallery · Winter', description: 'The public gallery of postcards — 1 subscriber · 47 postcards' });
  });

  it('in Russian they read as before', async () => {
    expect(await header(gallery, 'ru')).toEqual({ title: 'Галерея · Winter', description: 'Публичная галерея открыток — 1 подписчик · 47 открыток' });
  });

  it("a user's channel keeps its owner's words in any language", async () => {
    expect(await header(mine, 'en')).toEqual({ title: 'Мои открытки · Winter', description: 'Открытки для мамы — 0 subscribers · 3 postcards' });
  });
});
