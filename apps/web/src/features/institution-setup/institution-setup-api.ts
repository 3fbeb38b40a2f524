import { WORKBOOK_FILE_FIELD, type ExcelFile, type ImportJob } from '@rollbook/contract';
import { institutionWorkbookRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

type Envelope<T> = { data: T };

function payload<T>(body: Envelope<T>): T {
  return body.data;
}

/** What starting a job needs: the file, and whether it is a check (nothing written) or the import. */
export interface StartWorkbookJobArgs {
  file: File;
  dryRun: boolean;
}

// Every call is silent and skips the global loader: the page shows its own progress, and each
// failure in place next to what failed (a toast would vanish while the admin reads the problems).
const OWN_FEEDBACK = { silent: true, skipLoader: true } as const;

/** The institution workbook calls: the template, starting a check or import, and its job. */
export const institutionSetupApi = api
  .enhanceEndpoints({ addTagTypes: ['WorkbookImports'] })
  .injectEndpoints({
    endpoints: (build) => ({
      workbookTemplate: build.mutation<ExcelFile, void>({
        query: () => contractRequest(institutionWorkbookRoutes.getTemplate),
        transformResponse: payload<ExcelFile>,
        extraOptions: OWN_FEEDBACK,
      }),
      /** The latest checks and imports; a branch admin is answered 403 here, which the page explains. */
      workbookImports: build.query<ImportJob[], void>({
        query: () => contractRequest(institutionWorkbookRoutes.listImports),
        transformResponse: payload<ImportJob[]>,
        providesTags: ['WorkbookImports'],
        extraOptions: OWN_FEEDBACK,
      }),
      startWorkbookJob: build.mutation<ImportJob, StartWorkbookJobArgs>({
        query: ({ file, dryRun }) => {
          const form = new FormData();
          form.append('dry_run', dryRun ? 'true' : 'false');
          form.append(WORKBOOK_FILE_FIELD, file, file.name);
          return contractRequest(institutionWorkbookRoutes.startImport, { body: form });
        },
        transformResponse: payload<ImportJob>,
        invalidatesTags: ['WorkbookImports'],
        extraOptions: OWN_FEEDBACK,
      }),
      /** One job, polled by the page while it is queued or running. */
      workbookJob: build.query<ImportJob, string>({
        query: (slug) =>
          contractRequest(institutionWorkbookRoutes.getImport, { params: { import_slug: slug } }),
        transformResponse: payload<ImportJob>,
        // A job's row changes on the server between polls: an old answer is never reused on arrival.
        keepUnusedDataFor: 0,
        extraOptions: OWN_FEEDBACK,
      }),
    }),
  });

export const {
  useWorkbookTemplateMutation,
  useWorkbookImportsQuery,
  useStartWorkbookJobMutation,
  useWorkbookJobQuery,
} = institutionSetupApi;
