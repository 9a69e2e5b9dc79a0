import { ErrorCode, type StarsOrder } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/routes';
import { telegramGiftCatalog } from './gifts';
import { starsOrders, toOrder } from './orders';
import { reconcileStars } from './reconcile';
import { starsRepo as repo } from './repo';

/** Refuses a session that is not a Telegram sign-in: Stars are paid inside Telegram only. */
export async function telegramBuyer(deps: Pick<Deps, 'db'>, user: AuthUser): Promise<string> {
  const telegramId = await repo.telegramIdOf(deps.db, user.id);
  if (!telegramId) throw new AppError(403, ErrorCode.TELEGRAM_ONLY, 'Paying with Telegram Stars works only inside Telegram');
  return telegramId;
}

const services = new WeakMap<Deps, ReturnType<typeof build>>();

function build(deps: Deps) {
  const orders = starsOrders(deps);
  const gifts = telegramGiftCatalog(deps);
  return {
    orders,
    gifts,
    reconcile: () => reconcileStars(deps),
    async myOrder(user: AuthUser, id: number): Promise<StarsOrder> {
      await telegramBuyer(deps, user);
      const o = await repo.byId(deps.db, id);
      if (!o || o.user_id !== user.id) throw notFound('No such order');
      return toOrder(o);
    },
  };
}

/** The one Stars service of an app (its gift list is cached in it). */
export function starsService(deps: Deps) {
  let s = services.get(deps);
  if (!s) services.set(deps, (s = build(deps)));
  return s;
}
export type StarsService = ReturnType<typeof starsService>;
