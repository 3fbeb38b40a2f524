import { type MarkTeacherChoicesBody, type TeacherSubjectChoices } from '@rollbook/contract';
import { choicesRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

type Envelope<T> = { data: T };

function payload(body: Envelope<TeacherSubjectChoices>): TeacherSubjectChoices {
  return body.data;
}

/** The teacher's subject-choice calls (contract §11.1); every answer is the whole state. */
export const teacherSubjectChoiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeachersSubjectChoices: build.query<TeacherSubjectChoices, void>({
      query: () => contractRequest(choicesRoutes.getTeachersSubjectChoices),
      transformResponse: payload,
    }),
    markSubjectChoicesOfTeacher: build.mutation<TeacherSubjectChoices, MarkTeacherChoicesBody>({
      query: (body) => contractRequest(choicesRoutes.markSubjectChoicesOfTeacher, { body }),
      transformResponse: payload,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) await dispatch(replaceState(data));
      },
    }),
    unsaveSubjectChoicesForTeacher: build.mutation<TeacherSubjectChoices, void>({
      query: () => contractRequest(choicesRoutes.unsaveSubjectChoicesForTeacher),
      transformResponse: payload,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) await dispatch(replaceState(data));
      },
    }),
  }),
});

// Saving and unsaving answer with the new state, which replaces the cached one.
function replaceState(state: TeacherSubjectChoices) {
  return teacherSubjectChoiceApi.util.upsertQueryData('getTeachersSubjectChoices', undefined, state);
}

export const {
  useGetTeachersSubjectChoicesQuery,
  useMarkSubjectChoicesOfTeacherMutation,
  useUnsaveSubjectChoicesForTeacherMutation,
} = teacherSubjectChoiceApi;
