import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { CategoryDialog, GroupDialog } from './CategoryDialogs';
import { localName } from './names';

/** categories and groups have an English name, given in their dialogs and shown in the English UI. */
afterEach(() => vi.unstubAllGlobals());

describe('English names of categories and groups', () => {
  it('shows the English name in the English UI, the Russian one otherwise or when there is none', () => {
    expect(localName({ name: 'Праздники', name_en: 'Holidays' }, 'en')).toBe('Holidays');
    expect(localName({ name: 'Праздники', name_en: 'Holidays' }, 'ru')).toBe('Праздники');
    expect(localName({ name: 'Праздники', name_en: null }, 'en')).toBe('Праздники');
  });

  it('the category dialog sends the English name', async () => {
    const calls = stubApi((c) => (c.method === 'POST' ? { status: 201, body: { id: 1, name: 'Весна', name_en: 'Spring', group_id: null, position: null, user_id: 1, created_at: '' } } : undefined));
    const onClose = vi.fn();
    await renderInApp(<CategoryDialog open onClose={onClose} groups={[]} categories={[]} onError={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Название$|Название категории/ }), { target: { value: 'Весна' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Название на английском/ }), { target: { value: ' Spring ' } });
    fireEvent.submit(screen.getByRole('textbox', { name: /Название на английском/ }).closest('form')!);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ name: 'Весна', name_en: 'Spring' });
  });

  it('a name of invisible characters is empty: «Создать» stays disabled (the original app: disabled while the trimmed name is empty)', async () => {
    stubApi(() => undefined);
    await renderInApp(<CategoryDialog open onClose={() => {}} groups={[]} categories={[]} onError={() => {}} />);
    const name = screen.getByRole('textbox', { name: /^Название$|Название категории/ });
    const create = screen.getByRole('button', { name: 'Создать' });
    fireEvent.change(name, { target: { value: '\u200b\u200b ' } });
    expect(create).toBeDisabled();
    fireEvent.change(name, { target: { value: '\u200bВесна' } });
    expect(create).toBeEnabled();
  });

  it('the group dialog prefills and sends the English name', async () => {
    const calls = stubApi((c) => (c.method === 'PATCH' ? { status: 200, body: {} } : undefined));
    const group = { id: 3, name: 'Праздники', name_en: 'Holidays', description: null, position: 0, user_id: 1, created_at: '' };
    await renderInApp(<GroupDialog open onClose={() => {}} groups={[group]} group={group} onError={() => {}} />);
    const en = screen.getByRole('textbox', { name: /Название на английском/ });
    expect(en).toHaveValue('Holidays');
    fireEvent.change(en, { target: { value: 'Feasts' } });
    fireEvent.submit(en.closest('form')!);
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ name: 'Праздники', name_en: 'Feasts' });
  });

  it('says a name is already in the list (any case, spaces around), but not of the item being edited, and lets it be saved', async () => {
    const calls = stubApi((c) => (c.method === 'POST' ? { status: 201, body: { id: 9, name: 'holidays', name_en: null, description: null, position: null, user_id: 1, created_at: '' } } : undefined));
    const holidays = { id: 3, name: 'Holidays', name_en: null, description: null, position: 0, user_id: 1, created_at: '' };
    const onClose = vi.fn();
    const view = await renderInApp(<GroupDialog open onClose={onClose} groups={[holidays]} onError={() => {}} />);
    const name = screen.getByRole('textbox', { name: 'Название группы' });
    fireEvent.change(name, { target: { value: ' holidays ' } });
    expect(screen.getByText('Уже есть в списке')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Семья' } });
    expect(screen.queryByText('Уже есть в списке')).toBeNull();
    fireEvent.change(name, { target: { value: 'holidays' } });
    fireEvent.submit(name.closest('form')!);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'POST')).toBe(true);
    view.unmount();
    await renderInApp(<GroupDialog open onClose={() => {}} groups={[holidays]} group={holidays} onError={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Название группы' })).toHaveValue('Holidays');
    expect(screen.queryByText('Уже есть в списке')).toBeNull();
  });
});
