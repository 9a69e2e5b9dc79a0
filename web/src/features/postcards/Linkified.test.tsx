import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Linkified, linkParts } from './Linkified';

describe('linkParts', () => {
  it('finds web links and handles of 4+ characters, leaving the rest as text', () => {
    expect(linkParts('Смотри https://example.com/a?b=1, и @anna_k! А @bob — нет.')).toEqual([
      { text: 'Смотри ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: ', и ' },
      { text: '@anna_k', href: 'https://t.me/anna_k' },
      { text: '! А @bob — нет.' },
    ]);
    expect(linkParts('www.otkrytka.ru.')).toEqual([{ text: 'www.otkrytka.ru', href: 'https://www.otkrytka.ru' }, { text: '.' }]);
    expect(linkParts('mail me at user@mail.ru')).toEqual([{ text: 'mail me at user@mail.ru' }]);
  });

  it('never makes a javascript: or data: link', () => {
    expect(linkParts('javascript:alert(1) data:text/html,x').every((p) => !p.href)).toBe(true);
  });
});

describe('Linkified', () => {
  it('renders links safely, as text, with noopener nofollow ugc', () => {
    render(<Linkified text={'<b>hi</b> https://example.com'} />);
    const link = screen.getByRole('link', { name: 'https://example.com' });
    expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/<b>hi<\/b>/)).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });
});
