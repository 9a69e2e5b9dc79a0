import { expect, test } from '@playwright/test';
import { openSignedIn, registerViaApi } from '../helpers';
import { addPostcard, makeChannel } from './polish-helpers';

/**
 * A button that is disabled while its request runs drops the browser's focus to <body>; a keyboard
 * user then had to Tab from the top of the page after every sandbox vote.
 */
test('voting in the sandbox by keyboard keeps the focus on «Одобрить» for the next postcard', async ({ page, request }) => {
  const author = await registerViaApi(request);
  const voter = await registerViaApi(request);
  const channel = await makeChannel(request, author.token);
  for (const description of ['Первая на голосовании', 'Вторая на голосовании', 'Третья на голосовании']) {
    await addPostcard(request, author.token, channel, { description });
  }
  await openSignedIn(page, voter.token, '/sandbox');
  const card = page.getByTestId('review-card');
  const approve = page.getByRole('button', { name: 'Одобрить' });
  await approve.focus();
  for (let vote = 0; vote < 2; vote += 1) {
    const shown = await card.getAttribute('data-postcard-id');
    await page.keyboard.press('Enter');
    await expect(card).not.toHaveAttribute('data-postcard-id', shown!);
    await expect(approve).toBeFocused();
  }
});
