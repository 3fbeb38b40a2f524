import {
  type LoginBody,
  type LoginResponse,
  type SetNewPasswordBody,
  type SetUpdatedPasswordBody,
  type ForgotPasswordBody,
  type RouteResponse,
  type TokenPair,
  type PasswordLinkBody,
} from '@rollbook/contract';
import { authExtensionRoutes, authRoutes } from '@rollbook/contract/addresses';
import type {
  authExtensionRoutes as authExtensionRouteDefs,
  authRoutes as authRouteDefs,
} from '@rollbook/contract';
import { api, contractRequest } from '../../lib/api/api';

/** The account calls of contract §4 (the base query does refresh itself). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkServerAvailability: build.query<unknown, void>({
      query: () => contractRequest(authRoutes.checkServerAvailability),
      extraOptions: { skipAuth: true, silent: true, skipLoader: true },
      keepUnusedDataFor: 0,
    }),
    checkTokenAuthenticity: build.query<RouteResponse<typeof authRouteDefs.checkTokenAuthenticity>, void>({
      query: () => contractRequest(authRoutes.checkTokenAuthenticity),
      keepUnusedDataFor: 0,
    }),
    login: build.mutation<LoginResponse, LoginBody>({
      query: (body) => contractRequest(authRoutes.login, { body }),
      extraOptions: { skipAuth: true, silent: true, skipLoader: true },
    }),
    setNewPassword: build.mutation<TokenPair, SetNewPasswordBody>({
      query: (body) => contractRequest(authRoutes.setNewPassword, { body }),
      extraOptions: { skipAuth: true, silent: true, skipLoader: true },
    }),
    setUpdatedPassword: build.mutation<
      RouteResponse<typeof authRouteDefs.setUpdatedPassword>,
      SetUpdatedPasswordBody
    >({
      query: (body) => contractRequest(authRoutes.setUpdatedPassword, { body }),
      extraOptions: { skipAuth: true, silent: true, skipLoader: true },
    }),
    // Asked when the reset page opens, so a used or expired link is said before anyone types.
    checkPasswordLink: build.query<
      RouteResponse<typeof authExtensionRouteDefs.checkPasswordLink>,
      PasswordLinkBody
    >({
      query: (body) => contractRequest(authExtensionRoutes.checkPasswordLink, { body }),
      extraOptions: { skipAuth: true, silent: true, skipLoader: true },
      keepUnusedDataFor: 0,
    }),
    forgotPassword: build.mutation<RouteResponse<typeof authRouteDefs.forgotPassword>, ForgotPasswordBody>({
      query: (body) => contractRequest(authRoutes.forgotPassword, { body }),
      extraOptions: { skipAuth: true, silent: true, skipLoader: true },
    }),
  }),
});

export const {
  useLoginMutation,
  useSetNewPasswordMutation,
  useSetUpdatedPasswordMutation,
  useForgotPasswordMutation,
  useCheckPasswordLinkQuery,
} = authApi;
