import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../app/test-utils';
import { DropdownMenu } from './DropdownMenu';
import { Modal } from './Modal';

/** A button that opens a dialog whose field takes focus as it mounts (as the create-channel dialog's name does). */
function OpensAFormDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Создать канал
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Новый канал">
        <input aria-label="Название" autoFocus />
      </Modal>
    </>
  );
}

/** A menu whose item opens a dialog (as «Пожаловаться» in the viewer's options). */
function MenuOpensADialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu label="Ещё" items={[{ label: 'Пожаловаться', onSelect: () => setOpen(true) }]}>
        ⋯
      </DropdownMenu>
      <Modal open={open} onClose={() => setOpen(false)} title="Жалоба">
        <p>Причина</p>
      </Modal>
    </>
  );
}

describe('a dialog gives focus back when it closes', () => {
  it('to the button that opened it, even when a field inside took focus as it opened', async () => {
    await renderInApp(<OpensAFormDialog />);
    const opener = screen.getByRole('button', { name: 'Создать канал' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Название' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("to the menu's button when a menu item opened it (the item is gone with the menu)", async () => {
    await renderInApp(<MenuOpensADialog />);
    const menuButton = screen.getByRole('button', { name: 'Ещё' });
    fireEvent.click(menuButton);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Пожаловаться' }));
    expect(screen.getByRole('dialog', { name: 'Жалоба' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });
});
