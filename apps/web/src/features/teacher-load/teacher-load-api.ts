import { type TeacherAllocationRow } from '@rollbook/contract';
import { allocationRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

/** The teacher's own allocated load (contract §10.10 `get_teachers_allocation`). */
export const teacherLoadApi = api.injectEndpoints({
  endpoints: (build) => ({
    teachersAllocation: build.query<TeacherAllocationRow[], void>({
      query: () => contractRequest(allocationRoutes.getTeachersAllocation),
      transformResponse: (body: { data: TeacherAllocationRow[] }) => body.data,
    }),
  }),
});

export const { useTeachersAllocationQuery } = teacherLoadApi;
