import type { ReportBody } from '@otkrytka/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Sends a report about a postcard; visitors may report too. */
export function useSendReport() {
  return useMutation({
    mutationFn: (body: ReportBody) => api('POST /api/complaints', { body }),
  });
}
