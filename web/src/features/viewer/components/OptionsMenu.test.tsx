import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../app/test-utils';
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
