import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '@/app/test-utils';
import { initI18n } from '@/i18n';
import { DetailStage } from '../components/GreetingDetail';
import { openGreeting } from './trackingFixtures';

afterEach(() => initI18n('ru', 'all'));

describe("the greeting's channel line", () => {
  it('names the public gallery in the reader\'s language, and a user\'s channel as its owner named it', async () => {
    await renderInApp(<DetailStage greeting={openGreeting({ channel: { id: 9, name: 'Галерея' } })} />, { language: 'en' });
    expect(await screen.findByText('Channel:')).toBeInTheDocument();
    expect(screen.getByText('Gallery')).toBeInTheDocument();
    expect(screen.queryByText('Галерея')).toBeNull();
  });

  it("keeps a user's channel name in any language", async () => {
    await renderInApp(<DetailStage greeting={openGreeting({ channel: { id: 412, name: 'Для мамы' } })} />, { language: 'en' });
    expect(await screen.findByText('Для мамы')).toBeInTheDocument();
  });
});
