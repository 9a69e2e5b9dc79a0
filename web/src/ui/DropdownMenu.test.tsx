import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropdownMenu } from './DropdownMenu';

const items = ['Сохранить', 'Открыть', 'Удалить'].map((label) => ({ label, onSelect: vi.fn() }));

function placeButtonAt(right: number) {
  vi.spyOn(HTMLButtonElement.prototype, 'getBoundingClientRect').mockReturnValue({ right, left: right - 32 } as DOMRect);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a dropdown menu', () => {
  it('opens towards the left of its button when there is room, and to the right when it would run under the rail', () => {
    const main = document.createElement('main');
    main.id = 'main';
    vi.spyOn(main, 'getBoundingClientRect').mockReturnValue({ left: 84 } as DOMRect);
    document.body.append(main);
    const { unmount } = render(
      <DropdownMenu label="Действия" items={items}>
        ⋯
      </DropdownMenu>,
    );
    placeButtonAt(900);
    fireEvent.click(screen.getByRole('button', { name: 'Действия' }));
    expect(screen.getByRole('menu')).toHaveClass('right-0');
    fireEvent.click(screen.getByRole('button', { name: 'Действия' }));
    // a tile in the first column, just right of the 84 px rail
    placeButtonAt(84 + 160);
    fireEvent.click(screen.getByRole('button', { name: 'Действия' }));
    expect(screen.getByRole('menu')).toHaveClass('left-0');
    unmount();
    main.remove();
  });

  it('Home and End move to the first and the last item', () => {
    render(
      <DropdownMenu label="Действия" items={items}>
        ⋯
      </DropdownMenu>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Действия' }));
    const menu = screen.getByRole('menu');
    expect(screen.getByRole('menuitem', { name: 'Сохранить' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'End' });
    expect(screen.getByRole('menuitem', { name: 'Удалить' })).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(screen.getByRole('menuitem', { name: 'Сохранить' })).toHaveFocus();
  });

  it('Tab closes the menu and goes on to the control after its button, and Shift+Tab back to the button', async () => {
    const user = userEvent.setup();
    render(
      <>
        <DropdownMenu label="Действия" items={items}>
          ⋯
        </DropdownMenu>
        <button type="button">Дальше</button>
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Действия' });
    await user.click(opener);
    expect(screen.getByRole('menuitem', { name: 'Сохранить' })).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Дальше' })).toHaveFocus();

    await user.click(opener);
    await user.tab({ shift: true });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(opener).toHaveFocus();
  });
});
