import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { giftEnergyStep, giftMaximum } from '@otkrytka/contract/rules/greetings';
import { initI18n } from '@/i18n';
import { EnergyPicker } from './EnergyPicker';

beforeAll(() => initI18n('ru', 'all'));
afterEach(cleanup);

function Picker({ energy, start }: { energy: number; start: number }) {
  const [value, setValue] = useState(start);
  return <EnergyPicker energy={energy} value={value} onChange={setValue} />;
}
const slider = () => screen.getByRole('slider');
const more = () => screen.getByRole('button', { name: 'Больше энергии' });
const less = () => screen.getByRole('button', { name: 'Меньше энергии' });

describe('the gift slider', () => {
  it('reaches the whole balance, for every balance 0..200 (giftMaximum)', { timeout: 60_000 }, () => {
    const { container, rerender } = render(<Picker key={0} energy={0} start={0} />);
    // found by selector: 201 role queries would take seconds
    const range = () => container.querySelector<HTMLInputElement>('input[type="range"]')!;
    const plus = () => container.querySelector<HTMLButtonElement>(`button[aria-label="Больше энергии"]`)!;
    for (let balance = 0; balance <= 200; balance++) {
      rerender(<Picker key={balance} energy={balance} start={0} />);
      expect(range(), `balance ${balance}`).toHaveAttribute('max', String(giftMaximum(balance)));
      if (balance > 0) {
        // dragged all the way right
        fireEvent.change(range(), { target: { value: String(balance) } });
        expect(range().value, `balance ${balance}`).toBe(String(balance));
        expect(plus().disabled, `balance ${balance}`).toBe(true);
      } else {
        expect(range().disabled).toBe(true);
      }
    }
  });

  it.each([14, 24, 34, 37, 155])('with %i yang, «+» goes by the step and stops at the balance itself; «−» comes back the same way', (balance) => {
    render(<Picker energy={balance} start={0} />);
    const step = giftEnergyStep(balance);
    const seen: number[] = [];
    while (!more().hasAttribute('disabled')) {
      fireEvent.click(more());
      seen.push(Number((slider() as HTMLInputElement).value));
    }
    expect(seen.at(-1)).toBe(balance);
    expect(seen.slice(0, -1)).toEqual(seen.slice(0, -1).map((_, i) => (i + 1) * step));
    fireEvent.click(less());
    expect(slider()).toHaveValue(String(seen.at(-2) ?? 0));
  });

  it('a drag moves to the next stop its way: 34 yang from 17 (half) goes to 18 right, 15 left', () => {
    render(<Picker energy={34} start={17} />);
    fireEvent.change(slider(), { target: { value: '18' } });
    expect(slider()).toHaveValue('18');
    fireEvent.change(slider(), { target: { value: '17' } });
    expect(slider()).toHaveValue('15');
    fireEvent.change(slider(), { target: { value: '34' } });
    expect(slider()).toHaveValue('34');
    fireEvent.change(slider(), { target: { value: '33' } });
    expect(slider()).toHaveValue('33');
  });
});
