import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  NOTIFICATION_DESTINATIONS,
  type Notification,
  type NotificationTypeCode,
  type Role,
} from '@rollbook/contract';
import { signedOut } from '../../lib/session/auth-slice';
import { notificationsApi } from './notifications-api';

/** One row of the type table: where a type's link leads for a role (product spec §3). */
export interface NotificationTypeRoute {
  type: NotificationTypeCode;
  role: Exclude<Role, 'admin'>;
  url: string;
}

/** The bell's client state (product spec §3 Notification). */
export interface NotificationState {
  seenNotifications: Notification[];
  unSeenNotifications: Notification[];
  notificationTypes: NotificationTypeRoute[];
}

const notificationTypes: NotificationTypeRoute[] = Object.entries(NOTIFICATION_DESTINATIONS).flatMap(
  ([type, byRole]) =>
    (['teacher', 'student'] as const).map((role) => ({
      type: type as NotificationTypeCode,
      role,
      url: byRole[role],
    })),
);

const initialState: NotificationState = { seenNotifications: [], unSeenNotifications: [], notificationTypes };

function replaceLists(state: NotificationState, list: readonly Notification[]) {
  state.unSeenNotifications = list.filter((n) => n.status === 'unseen');
  state.seenNotifications = list.filter((n) => n.status === 'seen');
}

const notificationSlice = createSlice({
  name: 'notification',
  initialState,
  reducers: {
    notificationsSet(state, action: PayloadAction<Notification[]>) {
      replaceLists(state, action.payload);
    },
    notificationReceived(state, action: PayloadAction<Notification>) {
      const incoming = action.payload;
      const known = [...state.unSeenNotifications, ...state.seenNotifications].some(
        (n) => n.slug === incoming.slug,
      );
      if (known) return;
      if (incoming.status === 'seen') state.seenNotifications.unshift(incoming);
      else state.unSeenNotifications.unshift(incoming);
    },
    notificationsCleared(state) {
      state.seenNotifications = [];
      state.unSeenNotifications = [];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addMatcher(notificationsApi.endpoints.getAlerts.matchFulfilled, (state, action) => {
        replaceLists(state, action.payload);
      })
      .addMatcher(notificationsApi.endpoints.markAllAsRead.matchFulfilled, (state, action) => {
        // No list back means "everything is read now" (contract §5.2): empty both lists.
        if (action.payload) replaceLists(state, action.payload);
        else {
          state.seenNotifications = [];
          state.unSeenNotifications = [];
        }
      });
  },
});

export const { notificationsSet, notificationReceived, notificationsCleared } = notificationSlice.actions;
export const notificationReducer = notificationSlice.reducer;

/** The notification state. */
export const selectNotifications = (state: { notification: NotificationState }): NotificationState =>
  state.notification;
