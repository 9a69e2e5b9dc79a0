/** Likes and sandbox votes, their counts and rewards (once per postcard). Records `vote.cast`, `postcard.approved`. */
export { votesModule, SANDBOX_VOTE_ROUTES } from './routes';
