/** The moderators' Stars orders: filters by state, and a refund with a reason. */
export default function StarsOrdersPage() {
  return null;
}
