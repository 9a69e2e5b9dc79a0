/** A group card's invite (`/greeting/{id}/join/{invite}`): the card, the others' notes and one's own signature. */
export default function JoinGroupGreetingPage() {
  return null;
}
