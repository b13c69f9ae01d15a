/** Mantine's Notifications on their own, for deferred-notifications.tsx to load when first needed. */
export { Notifications } from '@mantine/notifications';
