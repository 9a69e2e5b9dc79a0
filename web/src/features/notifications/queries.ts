/** Notification hooks (filled in by the game layer). The shell shows the unread badge from here. */
export function useUnreadCount(): number {
  return 0;
}
