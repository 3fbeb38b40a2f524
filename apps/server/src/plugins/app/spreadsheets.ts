import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createSpreadsheetReader,
  type SpreadsheetReader,
} from '../../lib/spreadsheet-worker/spreadsheet-reader';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Uploaded .xlsx and CSV files read into rows in a worker thread, within the limits of
     * lib/spreadsheet-worker/spreadsheet-limits.ts: `await app.spreadsheets.read(file)`.
     */
    spreadsheets: SpreadsheetReader;
  }
}

/** The spreadsheet worker: started on the first upload (most requests never read one), stopped on close. */
export default fp(
  async function spreadsheetsPlugin(app: FastifyInstance) {
    let reader: SpreadsheetReader | null = null;
    app.decorate('spreadsheets', {
      read(file) {
        reader ??= createSpreadsheetReader();
        return reader.read(file);
      },
      async close() {
        await reader?.close();
      },
    } satisfies SpreadsheetReader);
    app.addHook('onClose', async () => {
      await reader?.close();
    });
  },
  { name: 'spreadsheets', dependencies: ['deps'] },
);
