/** A user's settings (language, greeting defaults, …) and the reader's language for texts. */
export { settingsModule } from './routes';
export { DEFAULT_USER_LANGUAGE, settingsRepo, type UserLanguage, USER_LANGUAGES } from './repo';
export { readerTranslator } from './reader';
