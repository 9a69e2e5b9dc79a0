/** Data helpers shared by the polish-*.spec.ts files (issue 13): channels and postcards through the API. */
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { authHeader } from '../helpers';

const FIXTURES = path.resolve(import.meta.dirname, '../../server/test/fixtures');
const MEDIA: Record<string, string> = { 'photo.jpg': 'image/jpeg', 'card.png': 'image/png', 'anim.gif': 'image/gif', 'clip.mp4': 'video/mp4' };

let seq = 0;
export async function makeChannel(request: APIRequestContext, token: string, name = `Канал ${++seq}`): Promise<number> {
  const res = await request.post('/api/collections', { headers: authHeader(token), data: { name, description: 'Канал для проверки' } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

export async function uploadFile(request: APIRequestContext, token: string, file = 'photo.jpg'): Promise<number> {
  const upload = await request.post('/api/uploads/upload', {
    headers: authHeader(token),
    multipart: { file: { name: file, mimeType: MEDIA[file]!, buffer: fs.readFileSync(path.join(FIXTURES, file)) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  return ((await upload.json()) as { id: number }).id;
}

export async function addPostcard(
  request: APIRequestContext,
  token: string,
  channelId: number,
  { file = 'photo.jpg', description = 'Открытка для проверки', ...extra }: { file?: string; description?: string; [k: string]: unknown } = {},
): Promise<number> {
  const uploadId = await uploadFile(request, token, file);
  const res = await request.post('/api/image_relations', {
    headers: authHeader(token),
    data: { upload_id: uploadId, collection_id: channelId, description, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
