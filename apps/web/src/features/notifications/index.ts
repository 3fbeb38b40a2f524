export { NotificationBell } from './notification-bell';
export { notificationReducer } from './notification-slice';
