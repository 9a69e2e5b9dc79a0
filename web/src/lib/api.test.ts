import { beforeAll, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { ApiError, errorMessage } from './api';

beforeAll(() => initI18n('ru', 'all'));

const problem = (detail: string) => new ApiError(422, 'VALIDATION_ERROR', detail);

it('shows a validation detail that names a translation key as its text', () => {
  expect(errorMessage(problem('name: categories.errors.nameRequired'), '')).toBe('Введите название категории');
  expect(errorMessage(problem('upload_id: channels.errors.noImageUrl'), '')).toBe('Сначала загрузите файл открытки');
});

it('shows any other detail as the server wrote it', () => {
  expect(errorMessage(problem('name: categories.errors.noSuchKey'), '')).toBe('name: categories.errors.noSuchKey');
  expect(errorMessage(new ApiError(400, 'BAD_REQUEST', 'Image already in bookmarks'), '')).toBe('Image already in bookmarks');
});
