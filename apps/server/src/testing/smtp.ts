import { SMTPServer } from 'smtp-server';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a random loopback port: tests send mail through nodemailer exactly as in
 * production and read what arrived.
 */
export async function startTestSmtp() {
  const received: ReceivedMail[] = [];
  const events = new EventEmitter();
  // While held, messages are read but not acknowledged: the sender waits as on a stuck server.
  let holding = false;
  const held: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
          events.emit('received');
        };
        if (!holding) return accept();
        held.push(accept);
        events.emit('held');
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /**
   * The last message sent to an address as a mail reader shows it: long header lines unfolded (a
   * subject wraps or not with the length of the names in it) and quoted-printable soft breaks undone.
   */
  function lastTo(address: string): string | undefined {
    const mail = [...received].reverse().find((m) => m.to.includes(address));
    if (!mail) return undefined;
    const split = /\r?\n\r?\n/.exec(mail.raw);
    const headerEnd = split ? split.index : mail.raw.length;
    const headers = mail.raw.slice(0, headerEnd).replace(/\r?\n(?=[ \t])/g, '');
    return (headers + mail.raw.slice(headerEnd)).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  }

  /** Resolves when `ready()` holds, checked now and after every `event`. */
  function until(event: string, ready: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!ready()) return;
        events.off(event, check);
        resolve();
      };
      events.on(event, check);
      check();
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    lastTo,
    /** The last message to `address`, once one has arrived (mail goes out after the reply). */
    async mailTo(address: string): Promise<string> {
      await until('received', () => lastTo(address) !== undefined);
      return lastTo(address)!;
    },
    /** From now on, keep messages unacknowledged until `release()`. */
    hold() {
      holding = true;
    },
    /** Resolves once `count` messages are being held. */
    heldCount: (count: number) => until('held', () => held.length >= count),
    /** Acknowledges the held messages and stops holding. */
    release() {
      holding = false;
      for (const accept of held.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
