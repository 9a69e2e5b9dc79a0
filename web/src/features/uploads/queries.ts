import type { Upload } from '@otkrytka/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CACHE } from '@/app/query';
import { answerError, api, ApiError, NETWORK_ERROR } from '@/lib/api';
import { tokenStore } from '@/lib/token';
import { useSession } from '../auth/session';

export const uploadKeys = {
  all: ['uploads'] as const,
  list: (search: string) => [...uploadKeys.all, 'list', search] as const,
};

export function useUploads(search: string) {
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: uploadKeys.list(search),
    queryFn: () => api('GET /api/uploads', { query: { search: search || undefined, limit: 200 } }),
    enabled: isAuthenticated,
    ...CACHE.default,
  });
}

/**
 * Uploads one file with XMLHttpRequest so the real progress of the bytes sent can be shown
 * (fetch cannot report upload progress). Errors come back as ApiError like every other call.
 */
export function sendFile(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads/upload');
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(answerError(xhr.status, xhr.responseText));
      try {
        resolve(JSON.parse(xhr.responseText) as Upload);
      } catch {
        reject(answerError(xhr.status, ''));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, ''));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** Upload with progress (0..1, null when idle); my uploads list refreshes on success. */
export function useUploadFile() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const m = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return sendFile(file, setProgress);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: uploadKeys.all }),
    onSettled: () => setProgress(null),
  });
  return { ...m, progress };
}
