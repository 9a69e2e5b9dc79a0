import { lazy, Suspense } from 'react';

/*
 * The route's page is only this: the app's first script lists, beside each page of its route
 * table, the chunks that page needs, so the orders page (its dialogs, fields and queries) loads
 * in a chunk of its own, named here and not in the first script.
 */
const StarsOrders = lazy(() => import('./StarsOrders'));

/** /stars-orders: the moderators' Stars orders, filtered by state, with a refund (confirmed, with a reason). */
export default function StarsOrdersPage() {
  return (
    <Suspense fallback={null}>
      <StarsOrders />
    </Suspense>
  );
}
