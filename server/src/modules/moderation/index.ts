/** The moderator's queue, decisions and the reports to judge. Records `postcard.moderated`. */
export { moderationModule } from './routes';
