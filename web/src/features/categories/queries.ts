import type { CategoryOrderBody, GroupedCategories } from '@otkrytka/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';
import { useSession } from '../auth/session';

/** `owner`: a channel id to read its owner's categories, or 'me' for my own. */
type Owner = number | 'me';

export const categoryKeys = {
  all: ['categories'] as const,
  list: (owner: Owner) => [...categoryKeys.all, 'list', owner] as const,
  grouped: (owner: Owner) => [...categoryKeys.all, 'grouped', owner] as const,
  groups: (owner: Owner) => [...categoryKeys.all, 'groups', owner] as const,
};
const ownerQuery = (owner: Owner) => (owner === 'me' ? {} : { collection_id: owner });

/** Categories in order: of a channel's owner (`collectionId`) or mine. */
export function useCategories(collectionId?: number) {
  const owner: Owner = collectionId ?? 'me';
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: categoryKeys.list(owner),
    queryFn: () => api('GET /api/categories', { query: ownerQuery(owner) }),
    enabled: owner !== 'me' || isAuthenticated,
    ...CACHE.default,
  });
}

export function useGroupedCategories(collectionId?: number) {
  const owner: Owner = collectionId ?? 'me';
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: categoryKeys.grouped(owner),
    queryFn: () => api('GET /api/categories/grouped', { query: ownerQuery(owner) }),
    enabled: owner !== 'me' || isAuthenticated,
    ...CACHE.default,
  });
}

/** After any change, my lists refresh; channel views of them too. */
function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: categoryKeys.all });
}

export function useCreateCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { name: string; name_en?: string | null; group_id: number | null }) => api('POST /api/categories', { body }),
    onSuccess: refresh,
  });
}
export function useUpdateCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; name?: string; name_en?: string | null; group_id?: number | null; position?: number | null }) =>
      api('PATCH /api/categories/{id}', { params: { id }, body }),
    onSuccess: refresh,
  });
}
export function useDeleteCategory() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => api('DELETE /api/categories/{id}', { params: { id } }), onSuccess: refresh });
}
export function useCreateGroup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { name: string; name_en?: string | null; description: string | null }) => api('POST /api/category-groups', { body }),
    onSuccess: refresh,
  });
}
export function useUpdateGroup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; name?: string; name_en?: string | null; description?: string | null; position?: number | null }) =>
      api('PATCH /api/category-groups/{id}', { params: { id }, body }),
    onSuccess: refresh,
  });
}
export function useDeleteGroup() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => api('DELETE /api/category-groups/{id}', { params: { id } }), onSuccess: refresh });
}

/**
 * Saves a drag in one request. The new arrangement is shown at once (`next`) and put back if the
 * server refuses.
 */
export function useReorderCategories() {
  const qc = useQueryClient();
  const key = categoryKeys.grouped('me');
  // drags can follow each other faster than the server answers: only the latest answer is shown
  const latest = useRef(0);
  return useMutation({
    mutationFn: ({ body }: { body: CategoryOrderBody; next: GroupedCategories }) => api('PUT /api/categories/order', { body }),
    onMutate: async ({ next }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<GroupedCategories>(key);
      qc.setQueryData(key, next);
      latest.current += 1;
      return { before, n: latest.current };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.n === latest.current) qc.setQueryData(key, ctx.before);
    },
    onSuccess: (saved, _v, ctx) => {
      if (ctx?.n === latest.current) qc.setQueryData(key, saved);
    },
    onSettled: (_d, _e, _v, ctx) => {
      if (ctx?.n === latest.current) void qc.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
