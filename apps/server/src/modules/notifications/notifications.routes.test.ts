import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { call, useTestApp } from '../../testing/test-app';
import { waitUntil } from '../../testing/wait';
import { buildStudent, buildTeacher, TEST_PASSWORD } from '../../testing/factories';
import { createNotificationService } from '../../domain/notifications';

const t = useTestApp();

async function tokenFor(email: string) {
  return (
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/login/',
      body: { email, password: TEST_PASSWORD },
    })
  ).body.access as string;
}

describe('alerts', () => {
  it('lists only the caller’s own alerts, newest first, with label, type code and link marker', async () => {
    const teacher = await buildTeacher(t.db);
    const other = await buildStudent(t.db);
    const service = createNotificationService(t.db);
    await service.notify({
      profileIds: [teacher.profile.id],
      type: 'subject_choice_alert',
      message: 'Choose your subjects: subject_choice_url',
    });
    t.clock.advance(1000);
    await service.notify({
      profileIds: [teacher.profile.id, other.profile.id],
      type: 'subject_choice_deadline_alert',
      message: 'The deadline is today',
    });

    const res = await call(t.app, {
      method: 'GET',
      url: '/api/manage/alerts/get_alerts',
      token: await tokenFor(teacher.profile.email),
    });
    expect(res.status).toBe(200);
    expect(res.body.error).toBe(false);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data.map((n: any) => n.type_code).sort()).toEqual([
      'subject_choice_alert',
      'subject_choice_deadline_alert',
    ]);
    const choice = res.body.data.find((n: any) => n.type_code === 'subject_choice_alert');
    expect(choice).toMatchObject({
      status: 'unseen',
      type: 'Subject Choice Alert',
      message: 'Choose your subjects: subject_choice_url',
    });
    expect(typeof choice.slug).toBe('string');

    const theirs = await call(t.app, {
      method: 'GET',
      url: '/api/manage/alerts/get_alerts',
      token: await tokenFor(other.profile.email),
    });
    expect(theirs.body.data).toHaveLength(1);
  });

  it('marks all as read with an empty body and returns the whole list, touching nobody else', async () => {
    const a = await buildStudent(t.db);
    const b = await buildStudent(t.db);
    const service = createNotificationService(t.db);
    await service.notify({
      profileIds: [a.profile.id, b.profile.id],
      type: 'subject_deletion_alert',
      message: 'Your choice was removed',
    });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/manage/alerts/mark_all_as_read/',
      token: await tokenFor(a.profile.email),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].status).toBe('seen');
    const bList = await call(t.app, {
      method: 'GET',
      url: '/api/manage/alerts/get_alerts',
      token: await tokenFor(b.profile.email),
    });
    expect(bList.body.data[0].status).toBe('unseen');
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/manage/alerts/get_alerts' })).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/api/manage/alerts/mark_all_as_read/' })).status).toBe(
      401,
    );
  });

  it('pushes a new alert live to the person’s subscribed socket only', async () => {
    const a = await buildStudent(t.db);
    const b = await buildStudent(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socketA = connect(`http://127.0.0.1:${port}/client`, { transports: ['websocket'] });
    const socketB = connect(`http://127.0.0.1:${port}/client`, { transports: ['websocket'] });
    try {
      const receivedByB: unknown[] = [];
      socketB.on('notification', (p) => receivedByB.push(p));
      await Promise.all([
        new Promise((r) => socketA.on('connect', () => r(null))),
        new Promise((r) => socketB.on('connect', () => r(null))),
      ]);
      const [ackA, ackB] = await Promise.all([
        socketA.emitWithAck('notifications_subscribe', { auth_token: await tokenFor(a.profile.email) }),
        socketB.emitWithAck('notifications_subscribe', { auth_token: await tokenFor(b.profile.email) }),
      ]);
      // The acknowledgement means the join is done: nothing raised from now on can be missed.
      expect(ackA).toEqual({ ok: true });
      expect(ackB).toEqual({ ok: true });
      const live = new Promise<any>((resolve) => socketA.once('notification', resolve));
      await createNotificationService(t.db, t.app).notify({
        profileIds: [a.profile.id],
        type: 'subject_choice_alert',
        message: 'Pick now subject_choice_url',
      });
      const payload = await live;
      expect(payload.notification).toMatchObject({
        type_code: 'subject_choice_alert',
        status: 'unseen',
        message: 'Pick now subject_choice_url',
      });
      // B got nothing of A's: an alert raised for B afterwards is the first B receives.
      await createNotificationService(t.db, t.app).notify({
        profileIds: [b.profile.id],
        type: 'subject_choice_alert',
        message: 'For B only',
      });
      const messages = () =>
        receivedByB.map((p) => (p as { notification: { message: string } }).notification.message);
      await waitUntil(() => messages().includes('For B only'), 'B received its own alert');
      expect(messages()).toEqual(['For B only']);
    } finally {
      socketA.close();
      socketB.close();
    }
  });

  it('answers a bad token on subscribe with client_error 401', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(`http://127.0.0.1:${port}/client`, { transports: ['websocket'] });
    try {
      await new Promise((r) => socket.on('connect', () => r(null)));
      const err = new Promise<any>((resolve) => socket.once('client_error', resolve));
      socket.emit('notifications_subscribe', { auth_token: 'bad' });
      expect(await err).toMatchObject({ event: 'client_error', client: 'FE', status_code: 401 });
    } finally {
      socket.close();
    }
  });
});
