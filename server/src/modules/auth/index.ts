/** Accounts, sessions and sign-in (password or Telegram). Records `user.registered`. */
export { authModule } from './routes';
export { displayName } from './display-name';
