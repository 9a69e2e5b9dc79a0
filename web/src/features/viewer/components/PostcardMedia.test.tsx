import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Postcard } from '@otkrytka/contract';
import { displaySource } from '../media';
import { PostcardMedia } from './PostcardMedia';

type Media = Pick<Postcard, 'image_url' | 'viewer_url' | 'viewer_srcset' | 'preview_video_url' | 'media_kind'>;

const photo: Media = {
  media_kind: 'image',
  image_url: '/media/ab/photo.jpg',
  viewer_url: '/media/ab/preview/768x1180/photo.webp',
  viewer_srcset: '/media/ab/preview/480w/photo.webp 480w, /media/ab/preview/768x1180/photo.webp 768w, /media/ab/preview/1080w/photo.webp 1080w',
  preview_video_url: null,
};
const clip: Media = {
  media_kind: 'video',
  image_url: '/media/cd/clip.mp4',
  viewer_url: '/media/cd/preview/768x1180/clip.webp',
  viewer_srcset: null,
  preview_video_url: '/media/cd/preview/mp4/clip.mp4',
};

afterEach(cleanup);
// jsdom has no media playback
beforeAll(() => {
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.pause = () => undefined;
});

function show(card: Media, sound = false) {
  const { src, srcSet, poster, preview } = displaySource(card);
  const view = render(<PostcardMedia src={src} srcSet={srcSet} preview={preview} poster={poster} kind={card.media_kind} alt="Открытка" sound={sound} />);
  return (on: boolean) => view.rerender(<PostcardMedia src={src} srcSet={srcSet} preview={preview} poster={poster} kind={card.media_kind} alt="Открытка" sound={on} />);
}

describe('the viewer loads media the size of the screen', () => {
  it('a picture is drawn from its renditions by srcset and sizes, never the original upload', () => {
    show(photo);
    const img = screen.getByRole('img', { name: 'Открытка' });
    expect(img.getAttribute('srcset')).toBe(photo.viewer_srcset);
    expect(img.getAttribute('sizes')).toBe('(min-aspect-ratio: 384/590) 65vh, 100vw');
    expect(img.getAttribute('src')).toBe(photo.viewer_url);
    expect(img.outerHTML).not.toContain(photo.image_url);
  });

  it('a video plays its silent preview with the poster, and the file itself once sound is on', () => {
    show(clip);
    const video = screen.getByLabelText('Открытка');
    expect(video.getAttribute('src')).toBe(clip.preview_video_url);
    expect(video.getAttribute('poster')).toBe(clip.viewer_url);
    cleanup();
    show(clip, true);
    expect(screen.getByLabelText('Открытка').getAttribute('src')).toBe(clip.image_url);
  });

  it('a video without a preview yet plays the file itself', () => {
    show({ ...clip, preview_video_url: null });
    expect(screen.getByLabelText('Открытка').getAttribute('src')).toBe(clip.image_url);
  });
});

describe('a video plays whole: its silent preview first, then the file itself', () => {
  const video = () => screen.getByLabelText<HTMLVideoElement>('Открытка');

  it('with sound off the preview plays once, then the file goes on from where it ended, muted, and loops', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play');
    show(clip);
    expect(video().getAttribute('src')).toBe(clip.preview_video_url);
    // the preview does not loop: its end hands over to the file
    expect(video().loop).toBe(false);
    video().currentTime = 8;
    play.mockClear();
    act(() => void fireEvent(video(), new Event('ended')));
    expect(video().getAttribute('src')).toBe(clip.image_url);
    expect(video().currentTime).toBe(8);
    expect(video().muted).toBe(true);
    expect(video().loop).toBe(true);
    expect(play).toHaveBeenCalled();
  });

  it('sound asked for during the preview moves to the file from the moment shown, and it stays on the file with sound off again', () => {
    const setSound = show(clip);
    video().currentTime = 3.5;
    fireEvent(video(), new Event('timeupdate'));
    setSound(true);
    expect(video().getAttribute('src')).toBe(clip.image_url);
    expect(video().currentTime).toBe(3.5);
    expect(video().muted).toBe(false);
    setSound(false);
    expect(video().getAttribute('src')).toBe(clip.image_url);
    expect(video().muted).toBe(true);
  });

  it('a file that will not load leaves the preview looping', () => {
    show(clip);
    act(() => void fireEvent(video(), new Event('ended')));
    act(() => void fireEvent(video(), new Event('error')));
    expect(video().getAttribute('src')).toBe(clip.preview_video_url);
    expect(video().loop).toBe(true);
  });
});

describe('on a slow line the grid’s thumbnail stands in until the media has loaded', () => {
  it.each([
    ['a picture', photo, 'load'],
    ['a video', clip, 'loadeddata'],
    // a failed file leaves the frame as it was: a stand-in kept would look like loading for ever
    ['a picture that fails', photo, 'error'],
    ['a video that fails', clip, 'error'],
  ] as const)('%s: the blurred thumbnail shows, then goes once the media has loaded or failed', (_name, card, event) => {
    const { src, srcSet, poster, preview } = displaySource(card);
    render(<PostcardMedia src={src} srcSet={srcSet} preview={preview} poster={poster} kind={card.media_kind} placeholder="/media/ab/preview/160x220/thumb.webp" alt="Открытка" />);
    const standIn = screen.getByTestId('media-placeholder');
    expect(standIn).toHaveAttribute('src', '/media/ab/preview/160x220/thumb.webp');
    expect(standIn).toHaveAttribute('aria-hidden', 'true');
    const media = document.querySelector('[data-media]')!;
    fireEvent(media, new Event(event));
    expect(screen.queryByTestId('media-placeholder')).toBeNull();
  });
});
