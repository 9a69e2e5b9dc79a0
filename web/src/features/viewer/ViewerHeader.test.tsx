import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/app/test-utils';
import { postcardFixture } from '../postcards/test/fixtures';
import { ViewerHeader } from './components/ViewerHeader';

const winter = postcardFixture({ id: 5, title: 'Зимняя сказка' });
const spring = postcardFixture({ id: 6, title: 'Весна' });

/** The favourites viewer, swiped on to the next card by the button. */
function Favourites() {
  const [card, setCard] = useState(winter);
  return (
    <>
      <ViewerHeader mode="bookmarks" channel={null} card={card} />
      <button type="button" onClick={() => setCard(spring)}>
        Дальше
      </button>
    </>
  );
}

describe('the viewer names the card on screen', () => {
  it('in favourites: the heading shows «Избранное» and says the card’s title to a screen reader; the tab is titled by the card', async () => {
    await renderInApp(<Favourites />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveAccessibleName('Избранное · Зимняя сказка');
    expect(heading.querySelector('.sr-only')).toHaveTextContent('· Зимняя сказка');
    expect(document.title).toBe('Зимняя сказка — Открытка');
    act(() => screen.getByRole('button', { name: 'Дальше' }).click());
    expect(heading).toHaveAccessibleName('Избранное · Весна');
    expect(document.title).toBe('Весна — Открытка');
  });
});
