/**
 * Personal greetings on a postcard: escrowed gifts, opening, accepting once, replies, schedules
 * and tracking. Records `greeting.*` events; returns the gifts of deleted postcards' greetings.
 */
export { greetingsModule } from './routes';
export { isHeld, isSealed } from './tracking';
export { greetingPictureSource, type GreetingPictureSource, pictureFooterOn, readCaption } from './picture';
