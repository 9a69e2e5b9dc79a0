/** The join page's address of a group card's invite (`/greeting/{id}/join/{invite}`), on this site. */
export const joinUrl = (id: string, invite: string, origin: string = window.location.origin) =>
  `${origin}/greeting/${encodeURIComponent(id)}/join/${encodeURIComponent(invite)}`;
