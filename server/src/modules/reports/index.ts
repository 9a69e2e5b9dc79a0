/** Reports (complaints) about postcards. */
export { reportsModule } from './routes';
