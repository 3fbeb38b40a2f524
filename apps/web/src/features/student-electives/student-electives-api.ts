import {
  type MarkStudentChoicesBody,
  type StudentSubjectChoices,
  type UnsaveStudentChoicesBody,
} from '@rollbook/contract';
import { choicesRoutes } from '@rollbook/contract/addresses';
import { toast } from '../../lib/toast';
import { api, contractRequest } from '../../lib/api/api';
import { isApiError } from '../../lib/api/api-error';

type Envelope<T> = { data: T };

function payload(body: Envelope<StudentSubjectChoices>): StudentSubjectChoices {
  return body.data;
}

/** The student's elective calls (contract §11.2); every answer is the whole elective state. */
export const studentElectivesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStudentsSubjectChoices: build.query<StudentSubjectChoices, void>({
      query: () => contractRequest(choicesRoutes.getStudentsSubjectChoices),
      transformResponse: payload,
      // A 404 means "no electives this semester", shown as a card rather than an error toast.
      extraOptions: { silent: true },
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          const error = (failure as { error?: unknown }).error;
          if (isApiError(error) && error.statusCode !== 404) toast.error(error.message);
        }
      },
    }),
    markSubjectChoicesOfStudent: build.mutation<StudentSubjectChoices, MarkStudentChoicesBody>({
      query: (body) => contractRequest(choicesRoutes.markSubjectChoicesOfStudent, { body }),
      transformResponse: payload,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) await dispatch(replaceState(data));
      },
    }),
    unsaveSubjectChoicesForStudent: build.mutation<StudentSubjectChoices, UnsaveStudentChoicesBody>({
      query: (body) => contractRequest(choicesRoutes.unsaveSubjectChoicesForStudent, { body }),
      transformResponse: payload,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) await dispatch(replaceState(data));
      },
    }),
  }),
});

// Saving and unsaving answer with the new state, which replaces the cached one.
function replaceState(state: StudentSubjectChoices) {
  return studentElectivesApi.util.upsertQueryData('getStudentsSubjectChoices', undefined, state);
}

export const {
  useGetStudentsSubjectChoicesQuery,
  useMarkSubjectChoicesOfStudentMutation,
  useUnsaveSubjectChoicesForStudentMutation,
} = studentElectivesApi;
