/** The name fields of a user, as the repos select them (`login` left out where it must not show). */
export interface NameFields {
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  login?: string | null | undefined;
}

/**
 * How a user is called to others: the name Telegram gave them (first and last), else the display
 * name they chose (for a Telegram user that is their @handle), else their login. Local accounts
 * have no Telegram name, so for them it is the name they chose.
 */
export function displayName(u: NameFields): string | null {
  return [u.first_name, u.last_name].filter(Boolean).join(' ') || u.username || u.login || null;
}
