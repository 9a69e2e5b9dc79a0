import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_SPECS } from '@otkrytka/contract/rules/postcards';
import { uploadFile } from './factories/uploads';
import { createTestApp, signUp, type TestApp } from './helpers';

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A real H.264 MP4 of `seconds` seconds, made by ffmpeg at 16×16 and one frame a second (a few KB, made in a blink). */
function makeVideo(seconds: number): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'otk-duration-'));
  try {
    const out = path.join(dir, 'video.mp4');
    execFileSync('ffmpeg', [
      '-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=orange:size=16x16:rate=1:duration=${seconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mp4', out,
    ]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let t: TestApp;
let user: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
});
afterAll(() => t.close());

describe.runIf(hasFfmpeg || !!process.env.CI)(`a video longer than the stated maximum (${MEDIA_SPECS.videoMaxSeconds} s; ffmpeg installed)`, () => {
  it('is refused on upload with 422, naming its length and the limit, and nothing is listed', async () => {
    const res = await uploadFile(user, makeVideo(120), 'long.mp4');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      code: 'VIDEO_TOO_LONG',
      field: 'file',
      detail: `The video is 120 s long; the maximum is ${MEDIA_SPECS.videoMaxSeconds} s`,
      params: { max_seconds: MEDIA_SPECS.videoMaxSeconds },
    });
    expect((await user.get('/api/uploads')).json()).toEqual([]);
  });

  it('is refused one second past the limit', async () => {
    const res = await uploadFile(user, makeVideo(MEDIA_SPECS.videoMaxSeconds + 1), 'a-bit-long.mp4');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail).toContain(`the maximum is ${MEDIA_SPECS.videoMaxSeconds} s`);
  });

  it('is accepted at exactly the limit, with its duration', async () => {
    const res = await uploadFile(user, makeVideo(MEDIA_SPECS.videoMaxSeconds), 'minute.mp4');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ media_kind: 'video', duration_ms: MEDIA_SPECS.videoMaxSeconds * 1000 });
  });
});
