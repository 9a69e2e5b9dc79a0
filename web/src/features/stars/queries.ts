import type { StarsOrderState } from '@otkrytka/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE } from '@/app/query';
import { api } from '@/lib/api';

/** Query keys of the Stars feature; everything under `starsKeys.all`. */
export const starsKeys = {
  all: ['stars'] as const,
  gifts: ['stars', 'gifts'] as const,
  packs: ['stars', 'packs'] as const,
  order: (id: number) => ['stars', 'order', id] as const,
  greeting: (id: string) => ['stars', 'greeting', id] as const,
  admin: (state: StarsOrderState | null) => ['stars', 'admin', state ?? 'all'] as const,
};

/** The Telegram gifts on offer (the server caches Telegram's list too). */
export function useTelegramGifts() {
  return useQuery({ queryKey: starsKeys.gifts, queryFn: () => api('GET /api/stars/gifts'), ...CACHE.default });
}

/** The energy packs sold for Stars (data kept by the server). */
export function useEnergyPacks() {
  return useQuery({ queryKey: starsKeys.packs, queryFn: () => api('GET /api/stars/packs'), ...CACHE.default });
}

/** Orders a pack: the order's id and its invoice link. */
export function useOrderPack() {
  return useMutation({ mutationFn: (id: string) => api('POST /api/stars/packs/{id}/order', { params: { id } }) });
}

const ADMIN_PAGE = 50;

/** The moderator's orders, newest first, 50 a page, by state (null: every state). */
export function useAdminOrders(state: StarsOrderState | null) {
  return useInfiniteQuery({
    queryKey: starsKeys.admin(state),
    queryFn: ({ pageParam }) =>
      api('GET /api/stars/admin/orders', { query: { offset: pageParam, limit: ADMIN_PAGE, ...(state ? { state } : {}) } }),
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const seen = all.reduce((n, p) => n + p.items.length, 0);
      return seen < last.total && last.items.length > 0 ? seen : undefined;
    },
    staleTime: 0,
  });
}

/** A moderator's refund with its reason; every list of orders is read again after it. */
export function useRefundOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api('POST /api/stars/admin/orders/{id}/refund', { params: { id }, body: { reason } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['stars', 'admin'] }),
  });
}
