/** «Подписанные»: the group cards I signed, with each card's status. */
export default function SignedGreetingsPage() {
  return null;
}
