import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusRescue } from './useFocusRescue';

const main = () => document.getElementById('main');
afterEach(cleanup);

function Rows({ initial = ['Маме', 'Папе'] }: { initial?: string[] }) {
  useFocusRescue(main);
  const [rows, setRows] = useState(initial);
  return (
    <main id="main">
      <h1>Мои поздравления</h1>
      <ul>
        {rows.map((r) => (
          <li key={r}>
            <a href={`#${r}`}>Открыть: {r}</a>
            <button type="button" onClick={() => setRows((all) => all.filter((x) => x !== r))}>
              Удалить: {r}
            </button>
          </li>
        ))}
      </ul>
      <button type="button">Другая кнопка</button>
    </main>
  );
}

function Tiles() {
  useFocusRescue(main);
  const [tiles, setTiles] = useState(['Зима', 'Весна', 'Лето']);
  return (
    <main id="main">
      <h1>Избранное</h1>
      <div role="list">
        {tiles.map((name) => (
          <div role="listitem" key={name}>
            <a href={`#${name}`}>{name}</a>
            <button type="button" onClick={() => setTiles((all) => all.filter((x) => x !== name))}>
              Удалить: {name}
            </button>
          </div>
        ))}
      </div>
    </main>
  );
}

/** Quests: a claimed one loses its «Забрать» and moves to the end of the list. */
function Quests() {
  useFocusRescue(main);
  const [quests, setQuests] = useState([
    { name: 'Тёплые слова', claimable: true },
    { name: 'Щедрость', claimable: false },
  ]);
  const claim = (name: string) => setQuests((all) => [...all.filter((q) => q.name !== name), { name, claimable: false }]);
  return (
    <main id="main">
      <h1>Игровой центр</h1>
      <ul>
        {quests.map((q) => (
          <li key={q.name}>
            {q.claimable && (
              <button type="button" onClick={() => claim(q.name)}>
                Забрать: {q.name}
              </button>
            )}
            <button type="button">Подробнее: {q.name}</button>
          </li>
        ))}
      </ul>
    </main>
  );
}

const remove = (name: string) => {
  const button = screen.getByRole('button', { name: `Удалить: ${name}` });
  button.focus();
  act(() => button.click());
  expect(button.isConnected).toBe(false);
};

describe('the focus, when the focused control leaves the page', () => {
  it('goes to the same control of the row that took its place', async () => {
    render(<Rows initial={['Маме', 'Папе', 'Бабушке']} />);
    remove('Папе');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Удалить: Бабушке' })).toHaveFocus());
  });

  it('works the same in a grid of tiles marked as list items', async () => {
    render(<Tiles />);
    remove('Зима');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Удалить: Весна' })).toHaveFocus());
  });

  it('stays in its row when only the control went, wherever the row moved', async () => {
    render(<Quests />);
    const claim = screen.getByRole('button', { name: 'Забрать: Тёплые слова' });
    claim.focus();
    act(() => claim.click());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Подробнее: Тёплые слова' })).toHaveFocus());
  });

  it('goes to the new last row when the last row leaves', async () => {
    render(<Rows initial={['Маме', 'Папе', 'Бабушке']} />);
    remove('Бабушке');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Удалить: Папе' })).toHaveFocus());
  });

  it('goes to the page heading, not to <body>, when the list is left empty', async () => {
    render(<Rows initial={['Маме']} />);
    remove('Маме');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Мои поздравления' })).toHaveFocus());
  });

  it('stays where something else put it', async () => {
    render(<Rows />);
    const row = screen.getByRole('button', { name: 'Удалить: Папе' });
    row.focus();
    act(() => row.click());
    const other = screen.getByRole('button', { name: 'Другая кнопка' });
    other.focus();
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    expect(other).toHaveFocus();
  });
});
