import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n';
import { fakeServer, renderPage } from '../test/harness';
import { SenderHint, useSenderName } from './SenderHint';

afterEach(() => initI18n('ru', 'all'));

function Signature() {
  return <span data-testid="signature">{useSenderName()}</span>;
}

describe('the hint under «От кого»', () => {
  it.each([
    ['ru', 'Если оставить поле пустым, поздравление будет подписано вашим именем: Аня'],
    ['en', 'Leave it empty and the greeting is signed with your name: Аня'],
  ] as const)('names the signed-in sender (%s)', async (language, text) => {
    await initI18n(language, 'all');
    fakeServer(() => undefined);
    renderPage(
      <>
        <SenderHint id="from-hint" />
        <Signature />
      </>,
      { path: '/', url: '/' },
    );
    expect(await screen.findByTestId('wizard-from-hint')).toHaveTextContent(text);
    expect(screen.getByTestId('signature')).toHaveTextContent(/^Аня$/);
  });
});
