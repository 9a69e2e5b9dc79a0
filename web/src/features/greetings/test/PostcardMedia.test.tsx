import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { GreetingPostcard } from '@otkrytka/contract';
import { PostcardMedia } from '../components/PostcardMedia';

afterEach(cleanup);

const card: GreetingPostcard = {
  id: 5,
  title: 'Весна',
  collection_id: 9,
  media_kind: 'image',
  image_url: '/media/ab/spring.jpg',
  preview_78x101_url: '/media/ab/preview/78x101/spring.webp',
  preview_36_url: '/media/ab/preview/36/spring.webp',
  viewer_url: '/media/ab/preview/768x1180/spring.webp',
  viewer_srcset: '/media/ab/preview/480w/spring.webp 480w, /media/ab/preview/768x1180/spring.webp 768w, /media/ab/preview/1080w/spring.webp 1080w',
};

it("the recipient's postcard is drawn from its screen-size renditions, not the original upload", () => {
  render(<PostcardMedia card={card} alt="Весна" />);
  const img = screen.getByRole('img', { name: 'Весна' });
  expect(img.getAttribute('srcset')).toBe(card.viewer_srcset);
  expect(img.getAttribute('sizes')).toBe('(min-width: 452px) 420px, calc(100vw - 32px)');
  expect(img.getAttribute('src')).toBe(card.viewer_url);
});

it('a gif plays as it is: no still renditions', () => {
  render(<PostcardMedia card={{ ...card, media_kind: 'gif', image_url: '/media/ab/anim.gif', viewer_srcset: null }} alt="Весна" />);
  const img = screen.getByRole('img', { name: 'Весна' });
  expect(img.getAttribute('src')).toBe('/media/ab/anim.gif');
  expect(img.hasAttribute('srcset')).toBe(false);
});
