import { SMTPServer } from 'smtp-server';
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
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The last message sent to an address, with quoted-printable soft breaks undone. */
    lastTo(address: string): string | undefined {
      const mail = [...received].reverse().find((m) => m.to.includes(address));
      return mail?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
