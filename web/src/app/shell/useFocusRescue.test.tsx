import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusRescue } from './useFocusRescue';

const main = () => document.getElementById('main');
afterEach(cleanup);

function Rows() {
  useFocusRescue(main);
  const [rows, setRows] = useState(['Маме', 'Папе']);
  return (
    <main id="main">
      <h1>Мои поздравления</h1>
      {rows.map((r) => (
        <button key={r} type="button" onClick={() => setRows((all) => all.filter((x) => x !== r))}>
          Удалить: {r}
        </button>
      ))}
      <button type="button">Другая кнопка</button>
    </main>
  );
}

describe('the focus, when the focused control leaves the page', () => {
  it('goes to the page heading, not to <body>', async () => {
    render(<Rows />);
    const row = screen.getByRole('button', { name: 'Удалить: Маме' });
    row.focus();
    act(() => row.click());
    expect(row.isConnected).toBe(false);
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
