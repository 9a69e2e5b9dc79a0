import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropdownMenu } from './DropdownMenu';

const items = ['Сохранить', 'Открыть', 'Удалить'].map((label) => ({ label, onSelect: vi.fn() }));

function placeButtonAt(right: number) {
  vi.spyOn(HTMLButtonElement.prototype, 'getBoundingClientRect').mockReturnValue({ right, left: right - 32 } as DOMRect);
}

afterEach(() => vi.restoreAllMocks());

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
});
