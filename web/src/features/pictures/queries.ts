import type { CaptionFont } from '@otkrytka/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { captionBody, type CaptionValue } from './caption';

export const picturesKeys = {
  fonts: ['pictures', 'fonts'] as const,
};

/** The bundled caption fonts: fixed with the server's release, so asked once per visit. */
export function useCaptionFonts() {
  return useQuery<CaptionFont[]>({
    queryKey: picturesKeys.fonts,
    queryFn: async () => (await api('GET /api/caption/fonts')).fonts,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** «Подписать и отправить»: a captioned picture of a postcard, without a greeting. */
export function useMakePicture() {
  return useMutation({
    mutationFn: ({ postcardId, caption }: { postcardId: number; caption: CaptionValue }) =>
      api('POST /api/postcards/{id}/picture', { params: { id: postcardId }, body: { caption: captionBody(caption) } }),
  });
}
