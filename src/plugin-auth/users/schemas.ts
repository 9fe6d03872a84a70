/** A host user's name as operations take it. */
export const USER_NAME = { type: 'string', minLength: 1, maxLength: 253 };
