import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  isRoleName,
  ref,
  RefreshTokensRequestSchema,
  required,
  SignInAnswerSchema,
  SignInRequestSchema,
  TokenPairSchema,
  validateSignIn,
} from '@sentinel/domain';
import type { FieldErrors } from '@sentinel/domain';
import { verifyPassword } from '../auth/passwords';
import { ApiError, ProblemDetailsRef, throwIfInvalid } from '../errors';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SignInAnswerSchema);
  app.addSchema(TokenPairSchema);

  app.post(
    '/Auth/SignInByEmail',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Sign in with e-mail and password',
        description: 'Any role may sign in here; the dashboard itself refuses Account-Holders.',
        body: SignInRequestSchema,
        response: { 200: ref(SignInAnswerSchema), 400: ProblemDetailsRef, 401: ProblemDetailsRef },
      },
    },
    async (request) => {
      const errors = validateSignIn(request.body);
      throwIfInvalid(errors);

      const email = request.body.email.trim().toLowerCase();
      const user = await app.db
        .selectFrom('users')
        .innerJoin('userRoles', 'userRoles.userId', 'users.id')
        .innerJoin('roles', 'roles.id', 'userRoles.roleId')
        .select(['users.id', 'users.passwordHash', 'roles.name as role'])
        .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email))
        // A user with several roles signs in with the first one granted.
        .orderBy('roles.id')
        .executeTakeFirst();

      // Unknown user, no password yet or wrong password all get the same answer and take as long.
      const matches = await verifyPassword(user?.passwordHash, request.body.password);
      if (!user || !matches || !isRoleName(user.role)) throw new ApiError('invalidCredentials');

      const accessToken = await app.accessTokens.sign({ userId: user.id, role: user.role });
      const refreshToken = await app.refreshTokens.issue(user.id);
      return { userRole: user.role, accessToken, refreshToken, userId: user.id };
    },
  );

  app.post(
    '/Auth/RefreshTokens',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Trade a refresh token for a new access token and a new refresh token',
        description:
          'The access token may be expired but must carry a valid signature and belong to the ' +
          "refresh token's user. Each refresh token works once; presenting a spent one revokes " +
          'every token of that sign-in.',
        body: RefreshTokensRequestSchema,
        response: { 200: ref(TokenPairSchema), 400: ProblemDetailsRef, 401: ProblemDetailsRef },
      },
    },
    async (request) => {
      const errors: FieldErrors = {};
      for (const [field, value] of [
        ['AccessToken', request.body.accessToken],
        ['RefreshToken', request.body.refreshToken],
      ] as const) {
        const message = required(value);
        if (message !== undefined) errors[field] = [message];
      }
      throwIfInvalid(errors);

      const subject = await app.accessTokens.verifyIgnoringExpiry(request.body.accessToken);
      if (!subject) throw new ApiError('invalidRefreshToken');
      const rotated = await app.refreshTokens.rotate(request.body.refreshToken, subject.userId);
      if (!rotated) throw new ApiError('invalidRefreshToken');

      // The role is read afresh so a changed role reaches the next access token.
      const role = await app.db
        .selectFrom('userRoles')
        .innerJoin('roles', 'roles.id', 'userRoles.roleId')
        .select('roles.name')
        .where('userRoles.userId', '=', rotated.userId)
        .orderBy('roles.id')
        .executeTakeFirst();
      if (!role || !isRoleName(role.name)) throw new ApiError('invalidRefreshToken');

      const accessToken = await app.accessTokens.sign({ userId: rotated.userId, role: role.name });
      return { accessToken, refreshToken: rotated.token };
    },
  );
};
