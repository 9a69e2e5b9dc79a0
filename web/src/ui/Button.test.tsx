import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { Button } from './Button';

it('a button that shows its work acts once per double click; the keyboard and single clicks always act', () => {
  const act = vi.fn();
  render(<Button loading={false} onClick={act}>Запустить</Button>);
  const button = screen.getByRole('button', { name: 'Запустить' });
  fireEvent.click(button, { detail: 1 });
  fireEvent.click(button, { detail: 2 }); // the second click of a double click
  expect(act).toHaveBeenCalledTimes(1);
  fireEvent.click(button, { detail: 0 }); // Enter or Space
  fireEvent.click(button, { detail: 1 });
  expect(act).toHaveBeenCalledTimes(3);
});

it('the second click of a double click does not submit its form again', () => {
  const submit = vi.fn((e: Event) => e.preventDefault());
  render(
    <form onSubmit={(e) => submit(e.nativeEvent)}>
      <Button type="submit" loading={false}>Создать</Button>
    </form>,
  );
  const button = screen.getByRole('button', { name: 'Создать' });
  fireEvent.click(button, { detail: 1 });
  fireEvent.click(button, { detail: 2 });
  expect(submit).toHaveBeenCalledTimes(1);
});

it('a plain button (a stepper, without `loading`) counts every click of a quick series', () => {
  const step = vi.fn();
  render(<Button onClick={step}>+</Button>);
  const button = screen.getByRole('button', { name: '+' });
  for (const detail of [1, 2, 3]) fireEvent.click(button, { detail });
  expect(step).toHaveBeenCalledTimes(3);
});
