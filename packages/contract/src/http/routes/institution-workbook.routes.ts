import { z } from 'zod';
import { envelopeSchema } from '../../envelope';
import { ExcelFileSchema, slugParams } from '../../schemas/common';
import {
  ImportJobSchema,
  StartWorkbookImportBodySchema,
  WORKBOOK_FILE_FIELD,
} from '../../schemas/institution-workbook';
import { defineRoute } from '../route';

/**
 * The institution workbook (Rollbook's own calls, not in Appendix A): its template, and checks or
 * imports of an uploaded workbook run as jobs the page polls. For admins of the caller's
 * institution who are institution admins (a branch admin is answered 403).
 */
export const institutionWorkbookRoutes = {
  getTemplate: defineRoute({
    id: 'institutionWorkbook.getTemplate',
    method: 'GET',
    path: '/institution/workbook/template',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    response: envelopeSchema(ExcelFileSchema),
    responseKind: 'envelope',
    summary: 'The institution workbook template (.xlsx, one example row per sheet) (institution admin)',
    section: 'Rollbook',
  }),
  startImport: defineRoute({
    id: 'institutionWorkbook.startImport',
    method: 'POST',
    path: '/institution/workbook/imports',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'multipart',
    files: [WORKBOOK_FILE_FIELD],
    body: StartWorkbookImportBodySchema,
    response: envelopeSchema(ImportJobSchema),
    responseKind: 'envelope',
    summary:
      'Check (dry_run "true") or import (dry_run "false") an institution workbook from the multipart field `workbook`; answers the queued job (institution admin)',
    description:
      'The whole workbook is checked first; an import writes nothing unless every sheet is clean, and then writes everything in one transaction. The job runs after this call answers: poll institutionWorkbook.getImport for its phase, progress and report.',
    section: 'Rollbook',
  }),
  listImports: defineRoute({
    id: 'institutionWorkbook.listImports',
    method: 'GET',
    path: '/institution/workbook/imports',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    response: envelopeSchema(z.array(ImportJobSchema)),
    responseKind: 'envelope',
    summary: "The institution's latest 20 workbook checks and imports, newest first (institution admin)",
    section: 'Rollbook',
  }),
  getImport: defineRoute({
    id: 'institutionWorkbook.getImport',
    method: 'GET',
    path: '/institution/workbook/imports/{import_slug}',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    params: slugParams('import_slug'),
    response: envelopeSchema(ImportJobSchema),
    responseKind: 'envelope',
    summary:
      'One workbook check or import: status, phase, progress, and the report when done (institution admin)',
    section: 'Rollbook',
  }),
} as const;
