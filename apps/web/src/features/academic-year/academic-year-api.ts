import {
  type AcademicYearOpened,
  type AcademicYearPreview,
  type OpenAcademicYearBody,
} from '@rollbook/contract';
import { academicYearRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

type Envelope<T> = { data: T };

/** Reads the payload out of the success envelope. */
function payload<T>(body: Envelope<T>): T {
  return body.data;
}

// Endpoint names are prefixed: features never share endpoint definitions.
/** The new academic year (Rollbook additions under /institution/academic-year/). */
export const academicYearApi = api.injectEndpoints({
  endpoints: (build) => ({
    academicYearPreview: build.query<AcademicYearPreview, void>({
      query: () => contractRequest(academicYearRoutes.getNewYearPreview),
      transformResponse: payload<AcademicYearPreview>,
      // Counts change as people are added and moved: always read them fresh.
      keepUnusedDataFor: 0,
      // The page says why it cannot be shown (e.g. a branch admin).
      extraOptions: { silent: true },
    }),
    academicYearOpen: build.mutation<AcademicYearOpened, OpenAcademicYearBody>({
      query: (body) => contractRequest(academicYearRoutes.openNewYear, { body }),
      transformResponse: payload<AcademicYearOpened>,
      extraOptions: { silent: true },
    }),
  }),
});

export const { useAcademicYearPreviewQuery, useAcademicYearOpenMutation } = academicYearApi;
