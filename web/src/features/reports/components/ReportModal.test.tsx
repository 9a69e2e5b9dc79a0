import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/app/test-utils';
import { ReportModal } from './ReportModal';

afterEach(() => vi.unstubAllGlobals());

const LABELS = ['Не нравится', 'Насилие', 'Алкоголь', 'Контент 18+', 'Не является открыткой', 'Нарушение авторских прав', 'Нарушает закон', 'Другое'];

async function open(answer: Parameters<typeof stubApi>[0]) {
  const calls = stubApi(answer);
  const onClose = vi.fn();
  await renderInApp(<ReportModal postcardId={42} open onClose={onClose} />);
  return { calls, onClose, u: userEvent.setup() };
}

describe('report modal', () => {
  it('offers the eight reasons with their Russian labels, none chosen, no comment box; «Отправить» waits for a reason', async () => {
    const { calls, u } = await open(() => undefined);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(LABELS);
    for (const r of radios) expect(r).not.toBeChecked();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Отправить' });
    expect(send).toBeDisabled();
    // Enter in the form sends nothing either
    screen.getByTestId('report-form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(calls).toHaveLength(0);
    await u.click(screen.getByLabelText('Не нравится'));
    expect(send).toBeEnabled();
  });

  it('sends the reason without a comment, thanks and closes', async () => {
    const { calls, onClose, u } = await open((c) => (c.url === '/api/complaints' ? { status: 201, body: { success: true, id: 1 } } : undefined));
    await u.click(screen.getByLabelText('Насилие'));
    await u.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/complaints')?.body).toEqual({ image_relation_id: 42, reason: 'violence' });
    expect(screen.getByText('Жалоба успешно отправлена!')).toBeInTheDocument();
  });

  it('shows the comment box only for "Другое" and sends the comment with it', async () => {
    const { calls, u } = await open(() => ({ status: 201, body: { success: true, id: 1 } }));
    await u.click(screen.getByLabelText('Другое'));
    await u.type(screen.getByRole('textbox', { name: 'Комментарий' }), '  Реклама  ');
    await u.click(screen.getByLabelText('Алкоголь'));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await u.click(screen.getByLabelText('Другое'));
    await u.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ image_relation_id: 42, reason: 'other', comment: 'Реклама' });
  });

  it('on failure keeps the modal open with the error and shows the failure toast', async () => {
    const { onClose, u } = await open(() => ({ status: 429, body: { detail: 'Too many requests, try again in 40 s', code: 'RATE_LIMITED' } }));
    await u.click(screen.getByLabelText('Не нравится'));
    await u.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Ошибка отправки жалобы. Попробуйте еще раз.')).toBeInTheDocument();
    // the reader sees the error's code in their language, not the API's English detail
    expect(screen.getByTestId('report-form')).toContainElement(screen.getByText('Слишком много запросов, попробуйте чуть позже'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
