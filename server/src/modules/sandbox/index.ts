/** The community sandbox: pending postcards served to voters, and author credits. */
export { sandboxModule } from './routes';
