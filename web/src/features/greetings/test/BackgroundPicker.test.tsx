import { GREETING_BACKGROUNDS, type GreetingBackground } from '@otkrytka/contract/rules/greetings';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/app/test-utils';
import { BackgroundPicker } from '../components/BackgroundPicker';

function Picker() {
  const [bg, setBg] = useState<GreetingBackground>(GREETING_BACKGROUNDS[0]);
  return <BackgroundPicker value={bg} onChange={setBg} />;
}

describe('greeting background picker', () => {
  it('is one Tab stop whose arrow keys choose and focus the next or previous background', async () => {
    await renderInApp(<Picker />);
    const picker = screen.getByRole('radiogroup', { name: 'Фон поздравления' });
    // named once: no group around the radio group saying the same
    expect(screen.queryByRole('group')).toBeNull();
    const group = within(picker);
    const radios = group.getAllByRole('radio');
    expect(radios).toHaveLength(GREETING_BACKGROUNDS.length);
    expect(radios.filter((r) => r.tabIndex === 0)).toEqual([radios[0]]);

    radios[0]!.focus();
    fireEvent.keyDown(radios[0]!, { key: 'ArrowRight' });
    expect(radios[1]).toHaveAttribute('aria-checked', 'true');
    expect(radios[1]).toHaveFocus();
    fireEvent.keyDown(radios[1]!, { key: 'ArrowDown' });
    expect(radios[2]).toHaveFocus();
    fireEvent.keyDown(radios[2]!, { key: 'ArrowUp' });
    fireEvent.keyDown(radios[1]!, { key: 'ArrowLeft' });
    expect(radios[0]).toHaveAttribute('aria-checked', 'true');
    fireEvent.keyDown(radios[0]!, { key: 'ArrowLeft' }); // wraps round to the last
    expect(radios.at(-1)).toHaveFocus();
    expect(radios.filter((r) => r.tabIndex === 0)).toEqual([radios.at(-1)]);
  });
});
