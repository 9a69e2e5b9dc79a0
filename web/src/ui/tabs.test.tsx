import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTabs } from './tabs';

const TABS = ['list', 'random', 'reports'] as const;

/** `later`: the choice shows a moment after the key, as a tab kept in the address does */
function Tabs({ later = false }: { later?: boolean }) {
  const [tab, setTab] = useState<(typeof TABS)[number]>('list');
  const tabs = useTabs(TABS, tab, later ? (k) => setTimeout(() => setTab(k), 20) : setTab, 't-');
  return (
    <>
      <div {...tabs.list} aria-label="Режимы">
        {TABS.map((k) => (
          <button key={k} {...tabs.tab(k)}>
            {k}
          </button>
        ))}
      </div>
      <div {...tabs.panel}>panel of {tab}</div>
    </>
  );
}

afterEach(cleanup);

describe('useTabs', () => {
  it('is one Tab stop whose arrow, Home and End keys select and focus a tab', () => {
    render(<Tabs />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);

    tab('list').focus();
    fireEvent.keyDown(tab('list'), { key: 'ArrowRight' });
    expect(tab('random')).toHaveAttribute('aria-selected', 'true');
    expect(tab('random')).toHaveFocus();
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);

    fireEvent.keyDown(tab('random'), { key: 'End' });
    expect(tab('reports')).toHaveFocus();
    fireEvent.keyDown(tab('reports'), { key: 'ArrowRight' });
    expect(tab('list')).toHaveFocus();
    fireEvent.keyDown(tab('list'), { key: 'ArrowLeft' });
    expect(tab('reports')).toHaveFocus();
    fireEvent.keyDown(tab('reports'), { key: 'Home' });
    expect(tab('list')).toHaveAttribute('aria-selected', 'true');
  });

  it('two keys pressed before the first choice shows move two tabs', async () => {
    render(<Tabs later />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('list').focus();
    fireEvent.keyDown(tab('list'), { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(tab('random')).toHaveFocus();
    await waitFor(() => expect(tab('random')).toHaveAttribute('aria-selected', 'true'));
  });

  it('names the panel each tab controls, and the panel is labelled by its tab', () => {
    render(<Tabs />);
    fireEvent.click(screen.getByRole('tab', { name: 'random' }));
    const panel = screen.getByRole('tabpanel', { name: 'random' });
    expect(panel).toHaveTextContent('panel of random');
    expect(screen.getByRole('tab', { name: 'random' })).toHaveAttribute('aria-controls', panel.id);
  });
});
