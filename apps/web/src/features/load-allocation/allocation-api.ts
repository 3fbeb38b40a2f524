import {
  type SetTeacherMaxHoursBody,
  type TeacherMaxHours,
  type AllocationContext,
  type ConfirmSubjectAllocationBody,
  type ExcelFile,
  type TeacherChoiceRow,
  type TimetableDisagreements,
} from '@rollbook/contract';
import { allocationExtensionRoutes, allocationRoutes, choicesRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

type Envelope<T> = { data: T };

function payload<T>(body: Envelope<T>): T {
  return body.data;
}

/**
 * The admin's load-allocation calls (contract §10.10). The context may wait for the solver for a
 * few seconds, so it and the reset skip the global overlay: the page shows its own progress text.
 */
export const loadAllocationApi = api
  .enhanceEndpoints({ addTagTypes: ['TimetableDisagreements'] })
  .injectEndpoints({
    endpoints: (build) => ({
      // The argument is a past term's key (read only), or null for the current allocation.
      allocationContext: build.query<AllocationContext, string | null>({
        query: (term) =>
          contractRequest(allocationRoutes.getSubjectAllocationContext, term ? { query: { term } } : {}),
        transformResponse: payload<AllocationContext>,
        extraOptions: { skipLoader: true },
      }),
      resetAllocation: build.mutation<true, void>({
        query: () => contractRequest(allocationRoutes.resetSubjectAllocationContext),
        transformResponse: payload<true>,
        extraOptions: { skipLoader: true },
        invalidatesTags: ['TimetableDisagreements'],
      }),
      confirmAllocation: build.mutation<true, ConfirmSubjectAllocationBody>({
        query: (body) => contractRequest(allocationRoutes.confirmSubjectAllocation, { body }),
        transformResponse: payload<true>,
        // A new confirmed allocation is compared with the timetable again.
        invalidatesTags: ['TimetableDisagreements'],
      }),
      // The timetable lectures whose teacher the confirmed allocation did not give them; the panel
      // shows its own error text.
      timetableDisagreements: build.query<TimetableDisagreements, void>({
        query: () => contractRequest(allocationExtensionRoutes.getTimetableDisagreements),
        transformResponse: payload<TimetableDisagreements>,
        providesTags: ['TimetableDisagreements'],
        extraOptions: { silent: true, skipLoader: true },
      }),
      allocationExcel: build.mutation<ExcelFile, string | null>({
        query: (term) =>
          contractRequest(allocationExtensionRoutes.getAllocationExcel, term ? { query: { term } } : {}),
        transformResponse: payload<ExcelFile>,
      }),
      setTeacherMaxHours: build.mutation<TeacherMaxHours, SetTeacherMaxHoursBody>({
        query: (body) => contractRequest(allocationExtensionRoutes.setTeacherMaxHours, { body }),
        transformResponse: payload<TeacherMaxHours>,
        // Its refusal is shown under the field it is about, not in a toast.
        extraOptions: { silent: true },
      }),
      // The pickers show each teacher's rank of the subject; the picker shows its own error text.
      allocationSubjectTeachers: build.query<TeacherChoiceRow[], string>({
        query: (subjectSlug) =>
          contractRequest(choicesRoutes.getTeachersForSubject, { params: { subject_slug: subjectSlug } }),
        transformResponse: payload<TeacherChoiceRow[]>,
        extraOptions: { silent: true, skipLoader: true },
      }),
    }),
  });

export const {
  useAllocationContextQuery,
  useResetAllocationMutation,
  useConfirmAllocationMutation,
  useAllocationSubjectTeachersQuery,
  useSetTeacherMaxHoursMutation,
  useAllocationExcelMutation,
  useTimetableDisagreementsQuery,
} = loadAllocationApi;
