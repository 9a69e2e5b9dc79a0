import { expect, it } from 'vitest';
import { hideBrokenImages } from './brokenImages';

it('marks an image that failed to load, and only images', () => {
  hideBrokenImages();
  const img = document.createElement('img');
  const video = document.createElement('video');
  document.body.append(img, video);
  img.dispatchEvent(new Event('error'));
  video.dispatchEvent(new Event('error'));
  expect(img.dataset.broken).toBe('');
  expect(video.dataset.broken).toBeUndefined();
});
