/**
 * Notifications: stores what other modules raise (`notice.raised`) or what their events mean for
 * a user (subscribers.ts), lists them in the reader's language, and pushes them live.
 */
export { notificationsModule } from './routes';
export { notificationsService, type NotificationsService } from './service';
export { lastNotificationAt, type NotificationAction, type NewNotification } from './notify';
