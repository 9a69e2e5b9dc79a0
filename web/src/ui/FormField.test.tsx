import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextArea, TextInput } from './FormField';

function Name({ hint }: { hint?: string }) {
  const [value, setValue] = useState('');
  return <TextInput label="Название" value={value} maxLength={100} hint={hint} onChange={(e) => setValue(e.target.value)} />;
}

afterEach(cleanup);

describe('a limited text field', () => {
  it('counts its characters once they near the limit, so typing does not stop silently at it', () => {
    render(<Name />);
    const input = screen.getByLabelText('Название');
    fireEvent.change(input, { target: { value: 'Открытки для семьи' } });
    expect(screen.queryByText(/\/100$/)).toBeNull();
    fireEvent.change(input, { target: { value: 'а'.repeat(80) } });
    expect(screen.getByText('80/100')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'а'.repeat(100) } });
    expect(screen.getByText('100/100')).toBeInTheDocument();
  });

  it('keeps a hint of its own in that place', () => {
    render(<Name hint="обязательно" />);
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'а'.repeat(95) } });
    expect(screen.getByText('обязательно')).toBeInTheDocument();
    expect(screen.queryByText('95/100')).toBeNull();
  });

  it('counts in a text area too', () => {
    render(<TextArea label="Описание" value={'б'.repeat(450)} maxLength={500} onChange={() => {}} />);
    expect(screen.getByText('450/500')).toBeInTheDocument();
  });
});
