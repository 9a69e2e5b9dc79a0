import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/app/test-utils';
import { OptionsMenu } from './OptionsMenu';

describe("the viewer's options menu from the keyboard", () => {
  it('opens on its first item, moves with the arrows, and Escape gives focus back to its button', async () => {
    const user = userEvent.setup();
    await renderInApp(<OptionsMenu viewPostUrl="/gallery/1" onReport={vi.fn()} onEdit={vi.fn()} onDelete={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Ещё' });
    button.focus();
    await user.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitem');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('offers a report only when one is possible (not on the reader’s own postcard)', async () => {
    const user = userEvent.setup();
    await renderInApp(<OptionsMenu viewPostUrl="/gallery/1" onEdit={vi.fn()} onDelete={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Ещё' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Посмотреть пост', 'Изменить открытку', 'Удалить открытку']);
  });
});

describe("the viewer's «Подписать и отправить»", () => {
  it('is offered where the viewer gives it (signed-in users, approved postcards), first in the menu', async () => {
    const user = userEvent.setup();
    const onSign = vi.fn();
    await renderInApp(<OptionsMenu viewPostUrl="/gallery/1" onReport={vi.fn()} onSign={onSign} />);
    await user.click(screen.getByRole('button', { name: 'Ещё' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Подписать и отправить', 'Посмотреть пост', 'Пожаловаться']);
    await user.click(items[0]!);
    expect(onSign).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe("the viewer's options menu: Home, End, Tab and Escape", () => {
  it('Home and End go to the first and last item; Tab out closes it; Escape on its button closes the menu, not the page', async () => {
    const user = userEvent.setup();
    const pageEscape = vi.fn();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !e.defaultPrevented && pageEscape();
    window.addEventListener('keydown', onKey);
    try {
      await renderInApp(
        <>
          <OptionsMenu viewPostUrl="/gallery/1" onReport={vi.fn()} onEdit={vi.fn()} onDelete={vi.fn()} />
          <button type="button">after</button>
        </>,
      );
      const button = screen.getByRole('button', { name: 'Ещё' });
      await user.click(button);
      const items = await screen.findAllByRole('menuitem');
      await waitFor(() => expect(items[0]).toHaveFocus());
      await user.keyboard('{End}');
      expect(items.at(-1)).toHaveFocus();
      await user.keyboard('{Home}');
      expect(items[0]).toHaveFocus();

      // back to the menu's button with the menu open: Escape there closes the menu only
      button.focus();
      expect(screen.getByRole('menu')).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).toBeNull();
      expect(pageEscape).not.toHaveBeenCalled();

      await user.click(button);
      await screen.findByRole('menu');
      screen.getAllByRole('menuitem').at(-1)!.focus();
      await user.tab();
      expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
      expect(screen.queryByRole('menu')).toBeNull();
    } finally {
      window.removeEventListener('keydown', onKey);
    }
  });
});
