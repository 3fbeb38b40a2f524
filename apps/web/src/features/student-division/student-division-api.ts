import { type DivisionDetail } from '@rollbook/contract';
import { divisionRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

/** The student's own division call (contract §11.3). */
export const studentDivisionApi = api.injectEndpoints({
  endpoints: (build) => ({
    studentOwnDivision: build.query<DivisionDetail, void>({
      query: () => contractRequest(divisionRoutes.getStudentsDivision),
      transformResponse: (body: { data: DivisionDetail }) => body.data,
      // The silent flag keeps the base query from toasting: the page shows the reason itself.
      extraOptions: { silent: true },
    }),
  }),
});

export const { useStudentOwnDivisionQuery } = studentDivisionApi;
